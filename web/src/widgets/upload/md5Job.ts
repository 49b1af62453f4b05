/**
 * The upload identifier: the MD5 of the whole file (FILE-003), computed by the rules core's
 * `Md5Hasher` (WASM) over slices of `hashSliceSize` bytes (10,240,000, FILE-042), so memory
 * stays flat for a file of any size. It runs in a Web Worker (md5.worker.ts) so the page never
 * freezes; jest runs the same job in its own thread (src/test/md5Worker.cjs).
 */

/** What the job needs of the core (the bundler build in the worker, the nodejs one in jest). */
export interface Md5Core {
  Md5Hasher: new () => { update(slice: Uint8Array): void; finishHex(): string; free(): void };
  uploadConstants(): { hashSliceSize: number };
}

/** The worker's messages: progress in bytes read, the hex digest, or a read failure. */
export type Md5Reply = { type: 'progress'; loaded: number } | { type: 'done'; md5: string } | { type: 'error' };

/** Reads a slice with FileReader: present in workers and in jsdom; a failure rejects. */
function readSlice(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    try {
      reader.readAsArrayBuffer(blob);
    } catch (error) {
      reject(error);
    }
  });
}

/** Hashes `file` slice by slice, reporting after each; a read failure reports 'error' (FILE-044). */
export async function hashFile(file: Blob, core: Md5Core, post: (reply: Md5Reply) => void): Promise<void> {
  const slice = core.uploadConstants().hashSliceSize;
  const hasher = new core.Md5Hasher();
  try {
    for (let start = 0; start < file.size || start === 0; start += slice) {
      hasher.update(await readSlice(file.slice(start, Math.min(start + slice, file.size))));
      post({ type: 'progress', loaded: Math.min(start + slice, file.size) });
      if (file.size === 0) break;
    }
    post({ type: 'done', md5: hasher.finishHex() });
  } catch {
    post({ type: 'error' });
  } finally {
    hasher.free();
  }
}
