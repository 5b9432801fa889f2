/** A file as the media worker gives it back: re-encoded bytes, what they are, and their size in pixels when a picture. */
export interface ProcessedMedia {
  data: Buffer;
  ext: string;
  mime: string;
  width: number | null;
  height: number | null;
}
