// Apart from the list (languages.ts), with nothing imported: the static pages' script matches a browser's
// languages to the suggestions a page carries without loading the list.

/**
 * The first of a browser's languages among the codes given (`navigator.languages`, or an Accept-Language header's
 * tags by preference), matched exactly, then by its main language ('pt-PT' → 'pt-BR', 'zh-CN' → 'zh-Hans'); Chinese
 * written in traditional characters (zh-TW, zh-HK, zh-Hant) is not matched. Undefined: none of them.
 */
export function closestLanguage<Code extends string>(tags: readonly string[], codes: readonly Code[]): Code | undefined {
  for (const tag of tags) {
    const lower = tag.trim().toLowerCase();
    const exact = codes.find((code) => code.toLowerCase() === lower);
    if (exact) return exact;
    const [main, ...rest] = lower.split('-');
    if (main === 'zh' && rest.some((part) => ['tw', 'hk', 'mo', 'hant'].includes(part))) continue;
    const sameMain = codes.find((code) => code.toLowerCase().split('-')[0] === main);
    if (sameMain) return sameMain;
  }
  return undefined;
}
