import { describe, expect, it } from 'vitest';
import { AA_TEXT_CONTRAST, contrastRatio, parseHex } from '#shared/contrast.ts';
import { KNOWN_SERVICES, brandOfAddress } from '#shared/link-brands.ts';
import { LINK_ICONS } from '#shared/links.ts';

// A link's icon and colour from its address alone (issue 51): no request to the site.

describe('the service an address names', () => {
  it('is found from the host or a subdomain of it, with or without the scheme', () => {
    expect(brandOfAddress('https://www.instagram.com/nova')).toEqual({ name: 'Instagram', icon: 'instagram', color: '#E02766' });
    expect(brandOfAddress('instagram.com/nova')?.icon).toBe('instagram');
    expect(brandOfAddress('https://youtu.be/dQw4w9WgXcQ')?.icon).toBe('youtube');
    expect(brandOfAddress('https://open.spotify.com/artist/1')?.icon).toBe('spotify');
    expect(brandOfAddress('https://x.com/nova')?.icon).toBe('twitter');
    expect(brandOfAddress('https://nova.bandcamp.com/')).toEqual({ name: 'Bandcamp', icon: 'music', color: null });
    expect(brandOfAddress('mailto:hello@nova.example')).toEqual({ name: 'Email', icon: 'mail', color: null });
    expect(KNOWN_SERVICES).toBeGreaterThanOrEqual(24);
  });

  it('is nothing for a look-alike host, another site, or what is not an address', () => {
    for (const address of [
      'https://notinstagram.com/',
      'https://instagram.com.evil.example/',
      'https://shop.example/',
      'not an address',
      '',
      'https://',
    ]) {
      expect(brandOfAddress(address), address).toBeUndefined();
    }
  });

  it('gives icons the product has, and brand colours on which white button text reads at WCAG AA', () => {
    const icons = new Set<string>(LINK_ICONS.map((icon) => icon.id));
    for (const address of [
      'youtube.com',
      'instagram.com',
      'x.com',
      'github.com',
      'linkedin.com',
      'tiktok.com',
      'discord.gg',
      'spotify.com',
      'twitch.tv',
      'facebook.com',
    ]) {
      const brand = brandOfAddress(address)!;
      expect(icons.has(brand.icon), address).toBe(true);
      expect(contrastRatio(parseHex('#FFFFFF'), parseHex(brand.color!)), address).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    }
  });
});
