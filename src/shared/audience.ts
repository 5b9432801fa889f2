import { z } from 'zod';
import { countryName } from './country-names.ts';

// Links that know their audience (issue 30): a link may be shown only to
// visitors on a phone or tablet, or only on a computer, and only in chosen
// countries. The page is drawn for the visitor's device class and country
// group, and the cache keeps one drawing per group the page actually has.

export const AUDIENCE_DEVICES = ['any', 'mobile', 'desktop'] as const;
export type AudienceDevice = (typeof AUDIENCE_DEVICES)[number];
export const AUDIENCE_DEVICE_LABELS: Record<AudienceDevice, string> = {
  any: 'Every device',
  mobile: 'Phones and tablets',
  desktop: 'Computers',
};
export const AUDIENCE_COUNTRIES_MAX = 50;

export const audienceMessages = {
  unknownDevice: 'Please choose every device, phones and tablets, or computers',
  unknownCountry: (code: string) => `${code} is not a country code (two letters, such as US or DE)`,
  tooManyCountries: `Choose at most ${AUDIENCE_COUNTRIES_MAX} countries`,
  notAList: 'Please list the countries by their two-letter codes',
} as const;

/** Who sees a link: a device class ('any': both), and countries by ISO code (none: everywhere). */
export interface Audience {
  device: AudienceDevice;
  countries: string[];
}

/** The visitor a page is drawn for: their device class and country ('' where no database places them). */
export interface Viewer {
  device: 'mobile' | 'desktop';
  country: string;
}

/**
 * The 249 ISO 3166-1 alpha-2 codes, and Kosovo's XK, which the GeoLite2 data
 * behind visitors' countries also uses: the codes a link's countries may name.
 */
const COUNTRY_CODES = new Set(
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW XK'.split(
    ' ',
  ),
);

/** A country's English name from its ISO code, or undefined for a code that names none. */
export function countryNameOf(code: string): string | undefined {
  return COUNTRY_CODES.has(code) ? countryName(code) : undefined;
}

export const audienceDeviceSchema = z.enum(AUDIENCE_DEVICES, { error: audienceMessages.unknownDevice });

/** ISO 3166 codes, upper-cased, each once, sorted: one list, one form. */
export const audienceCountriesSchema = z
  .array(z.string().trim().toUpperCase().max(8), { error: audienceMessages.notAList })
  .max(AUDIENCE_COUNTRIES_MAX, audienceMessages.tooManyCountries)
  .superRefine((codes, context) => {
    const unknown = codes.find((code) => countryNameOf(code) === undefined);
    if (unknown !== undefined) context.addIssue({ code: 'custom', message: audienceMessages.unknownCountry(unknown.slice(0, 8)) });
  })
  .transform((codes) => [...new Set(codes)].sort());

/** Whether a visitor is in a link's audience; without a visitor (the owner's preview, the examples), everyone is. */
export function reaches(audience: Audience, viewer: Viewer | undefined): boolean {
  if (viewer === undefined) return true;
  if (audience.device !== 'any' && audience.device !== viewer.device) return false;
  return audience.countries.length === 0 || audience.countries.includes(viewer.country);
}

/**
 * What a page's drawing depends on: whether any of its links names a device
 * class, and the distinct country lists they name. Undefined when none does:
 * the page is the same for everyone.
 */
export interface PageAudience {
  device: boolean;
  countryLists: string[][];
}

export function pageAudienceOf(audiences: readonly Audience[]): PageAudience | undefined {
  const device = audiences.some((audience) => audience.device !== 'any');
  const lists = new Map<string, string[]>();
  for (const { countries } of audiences) if (countries.length > 0) lists.set(countries.join(','), countries);
  return device || lists.size > 0 ? { device, countryLists: [...lists.values()] } : undefined;
}

/**
 * The drawing a visitor gets, named by what tells the drawings apart: the
 * device class when a link names one, and for each country list of the page
 * whether the visitor's country is on it. Visitors whose key is the same see
 * the same page, so there are at most 2 × (countries named + 1) drawings, and
 * only those that visitors ask for are drawn.
 */
export function variantKeyOf(audience: PageAudience, viewer: Viewer): string {
  let key = audience.device ? (viewer.device === 'mobile' ? 'm' : 'd') : '';
  for (const list of audience.countryLists) key += list.includes(viewer.country) ? '1' : '0';
  return key;
}
