// The part of geoip-country (which ships no types) that the analytics use.
declare module 'geoip-country' {
  interface Lookup {
    /** ISO 3166-1 alpha-2 code. */
    country: string;
  }
  const geoip: { lookup(ip: string): Lookup | null };
  export default geoip;
}
