import { createHash } from 'node:crypto';
import type { ExportFile, ExportPart } from '../services.ts';
import { listOwnedMedia, mediaUrl } from './media.repository.ts';

export const mediaExport: ExportPart = {
  described: [
    ['media/', 'every file you uploaded, as stored (re-encoded on upload);\nmedia/index.json lists them with their SHA-256 and address'],
  ],
  filesOf: async (db, user) => {
    const media = await listOwnedMedia(db, user.id);
    const nameOf = (file: (typeof media)[number]) => `media/${file.id}-${file.kind}.${file.ext}`;
    const files: Record<string, ExportFile> = {
      'media/index.json': {
        json: media.map((file) => ({
          file: nameOf(file),
          kind: file.kind,
          url: mediaUrl(file),
          mime: file.mime,
          bytes: file.bytes,
          width: file.width,
          height: file.height,
          sha256: createHash('sha256').update(file.data).digest('hex'),
          uploadedAt: file.createdAt,
        })),
      },
    };
    for (const file of media) files[nameOf(file)] = { stored: new Uint8Array(file.data) };
    return files;
  },
};
