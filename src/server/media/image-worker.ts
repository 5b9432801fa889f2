// The media worker process: decodes and re-encodes what users upload (and
// images fetched from Discord), and reads what is costly to read (page files,
// LittleLink pages), one job at a time, apart from the server.
// MediaProcessor starts it, sends it jobs, and kills it when a job runs past
// its time limit: a decoder stuck in native code cannot be stopped any other
// way, and here it holds no thread the server needs (password hashing).
import { MEDIA_DECODERS, UnsupportedMediaError, loadSharp } from './image-processing.ts';
import { INPUT_READERS } from './input-readers.ts';
import type { MediaJob, MediaJobAnswer } from './media-processor.ts';

const answer = (message: MediaJobAnswer) => process.send!(message);

process.on('message', async (job: MediaJob) => {
  try {
    const input = Buffer.from(job.input.buffer, job.input.byteOffset, job.input.byteLength);
    if (job.kind in INPUT_READERS) answer({ id: job.id, reading: INPUT_READERS[job.kind as keyof typeof INPUT_READERS](input) });
    else answer({ id: job.id, result: await MEDIA_DECODERS[job.kind as keyof typeof MEDIA_DECODERS](input) });
  } catch (error) {
    answer({ id: job.id, error: error instanceof UnsupportedMediaError ? 'unsupported' : 'failed' });
  }
});
// The server went away: so does its worker.
process.on('disconnect', () => process.exit(0));

await loadSharp();
answer({ ready: true });
