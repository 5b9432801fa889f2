// The media worker process: decodes and re-encodes what users upload (and
// images fetched from Discord), one job at a time, apart from the server.
// MediaProcessor starts it, sends it jobs, and kills it when a job runs past
// its time limit: a decoder stuck in native code cannot be stopped any other
// way, and here it holds no thread the server needs (password hashing).
import { MEDIA_DECODERS, UnsupportedMediaError, loadSharp } from './image-processing.ts';
import type { MediaJob, MediaJobAnswer } from './media-processor.ts';

const answer = (message: MediaJobAnswer) => process.send!(message);

process.on('message', async (job: MediaJob) => {
  try {
    const result = await MEDIA_DECODERS[job.kind](Buffer.from(job.input.buffer, job.input.byteOffset, job.input.byteLength));
    answer({ id: job.id, result });
  } catch (error) {
    answer({ id: job.id, error: error instanceof UnsupportedMediaError ? 'unsupported' : 'failed' });
  }
});
// The server went away: so does its worker.
process.on('disconnect', () => process.exit(0));

await loadSharp();
answer({ ready: true });
