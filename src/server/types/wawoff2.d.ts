// The part of wawoff2 (which ships no types) that the share image uses.
declare module 'wawoff2' {
  const wawoff2: {
    /** WOFF2 to TrueType (or OpenType), by Google's own decoder compiled to WebAssembly. */
    decompress(input: Uint8Array): Promise<Uint8Array>;
  };
  export default wawoff2;
}
