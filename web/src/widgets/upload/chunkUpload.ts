/**
 * The chunked uploader of spec 02 §4.6 / §7.2 (the file widget's; JNPF uses simple-uploader):
 * each file is hashed (its MD5 is the identifier, computed in a worker), then a test-chunk call
 * asks which chunks the server already holds — so an upload interrupted by a pause, a page
 * reload or a server restart resumes where it stopped — then the missing chunks are sent, three
 * at a time, each retried up to `chunkMaxRetries` times, and the merge makes them the file.
 * Sizes come from the rules core (`uploadConstants`), the same the server splits and merges by.
 *
 * Framework-free: a component subscribes to `rows()` through `onChange`.
 */
import { loadCore } from '@/core';
import { mergeChunks, refusalOf, testChunk, uploadChunk, type ChunkFields, type ChunkState, type FileEntry, type UploadTarget } from '@/api/file';
import type { Envelope } from '@/api/request';
import { fileMd5 } from './md5';

/** FILE-029 */
export type ChunkStatus = 'checking' | 'waiting' | 'uploading' | 'paused' | 'success' | 'error';
/** FILE-028 */
export type ChunkAction = 'pause' | 'resume' | 'retry' | 'remove';

/** Where each action is allowed (FILE-031..034). */
const ALLOWED: Record<ChunkAction, readonly ChunkStatus[]> = {
  pause: ['waiting', 'uploading'],
  resume: ['paused'],
  retry: ['error'],
  remove: ['checking', 'waiting', 'uploading', 'paused', 'error'],
};

export function canDo(action: ChunkAction, status: ChunkStatus): boolean {
  return ALLOWED[action].includes(status);
}

/** A row of the upload list as shown. */
export interface ChunkRow {
  id: number;
  name: string;
  size: number;
  status: ChunkStatus;
  /** 0..1: of the hash while checking, of the bytes the server holds afterwards. */
  progress: number;
  /** Bytes per second of the chunks sent in the current run; 0 when not uploading. */
  speed: number;
  /** The server's message when the status is error. */
  error?: string;
}

export interface ChunkUploaderOptions {
  target: UploadTarget;
  /** The merged file's entry (FILE-022). */
  onSuccess(entry: FileEntry): void;
  /** The file could not be read while hashing: it is cancelled (FILE-044). */
  onReadError(name: string): void;
  /** The server refused the file (the row shows `error` too). */
  onError?(name: string, message: string): void;
  onChange(rows: ChunkRow[]): void;
}

/** Chunks in flight per file, as simple-uploader sends them. */
const PARALLEL_CHUNKS = 3;

interface Task extends ChunkRow {
  file: File;
  identifier?: string;
  /** Chunk numbers the server holds. */
  held: Set<number>;
  abort?: AbortController;
}

let nextId = 1;

export class ChunkUploader {
  private tasks: Task[] = [];
  private constants: Promise<{ chunkSize: number; chunkMaxRetries: number }> | null = null;
  private core = loadCore();
  private destroyed = false;

  constructor(private readonly options: ChunkUploaderOptions) {}

  rows(): ChunkRow[] {
    return this.tasks.map(({ id, name, size, status, progress, speed, error }) => ({ id, name, size, status, progress, speed, error }));
  }

  /** Files not finished (they count against the widget's limit). */
  pending(): number {
    return this.tasks.filter((t) => t.status !== 'success').length;
  }

  add(file: File): void {
    const task: Task = { id: nextId++, file, name: file.name, size: file.size, status: 'checking', progress: 0, speed: 0, held: new Set() };
    this.tasks.push(task);
    this.changed();
    void this.hash(task);
  }

  /** Runs `action` on row `id` when its status allows it; false (nothing done) otherwise. */
  act(id: number, action: ChunkAction): boolean {
    const task = this.tasks.find((t) => t.id === id);
    if (!task || !canDo(action, task.status)) return false;
    if (action === 'pause') {
      task.abort?.abort();
      this.set(task, { status: 'paused', speed: 0 });
    } else if (action === 'resume' || action === 'retry') {
      this.set(task, { status: task.identifier ? 'waiting' : 'checking', error: undefined });
      if (!task.identifier) void this.hash(task);
    } else {
      task.abort?.abort();
      this.tasks = this.tasks.filter((t) => t !== task);
      this.changed();
    }
    this.pump();
    return true;
  }

  /** Stops everything (the widget is gone). */
  destroy(): void {
    this.destroyed = true;
    this.tasks.forEach((t) => t.abort?.abort());
    this.tasks = [];
  }

  private changed(): void {
    if (!this.destroyed) this.options.onChange(this.rows());
  }

  private set(task: Task, change: Partial<Task>): void {
    Object.assign(task, change);
    this.changed();
  }

  private alive(task: Task): boolean {
    return !this.destroyed && this.tasks.includes(task);
  }

  /** FILE-030: checking while the MD5 is computed, then the file waits for its turn. */
  private async hash(task: Task): Promise<void> {
    const abort = new AbortController();
    task.abort = abort;
    try {
      const identifier = await fileMd5(task.file, {
        signal: abort.signal,
        onProgress: (loaded) => this.alive(task) && this.set(task, { progress: task.size ? loaded / task.size : 1 }),
      });
      if (!this.alive(task)) return;
      task.identifier = identifier;
      this.set(task, { status: 'waiting', progress: 0 });
      this.pump();
    } catch {
      if (!this.alive(task) || abort.signal.aborted) return;
      // FILE-044: the file could not be read; it is cancelled (dropped) and the message shown.
      this.tasks = this.tasks.filter((t) => t !== task);
      this.changed();
      this.options.onReadError(task.name);
    }
  }

  /** One file uploads at a time; the others wait. */
  private pump(): void {
    if (this.destroyed || this.tasks.some((t) => t.status === 'uploading')) return;
    const next = this.tasks.find((t) => t.status === 'waiting');
    if (next) void this.run(next);
  }

  private sizes() {
    this.constants ??= this.core.then((core) => core.uploadConstants());
    return this.constants;
  }

  private async run(task: Task): Promise<void> {
    const abort = new AbortController();
    task.abort = abort;
    this.set(task, { status: 'uploading', speed: 0 });
    const core = await this.core;
    const { chunkSize, chunkMaxRetries } = await this.sizes();
    const totalChunks = Math.max(1, Math.floor(task.size / chunkSize));
    const bounds = (n: number) => [(n - 1) * chunkSize, n === totalChunks ? task.size : n * chunkSize] as const;
    const fields = (n: number): ChunkFields => {
      const [start, end] = bounds(n);
      return {
        chunkNumber: n,
        chunkSize,
        currentChunkSize: end - start,
        totalSize: task.size,
        identifier: task.identifier!,
        filename: task.name,
        relativePath: task.name,
        totalChunks,
        fileType: task.file.type,
        extension: core.fileExtension(task.name),
      };
    };
    const heldBytes = () => [...task.held].reduce((sum, n) => sum + (bounds(n)[1] - bounds(n)[0]), 0);
    const started = Date.now();
    let sent = 0;
    const signal = abort.signal;
    try {
      // FILE-036: the test first; what the server holds is skipped (a resume).
      let last: ChunkState = (await testChunk(fields(1), { signal })).data;
      task.held = new Set(last.chunkNumbers);
      this.set(task, { progress: task.size ? heldBytes() / task.size : 0 });
      const missing = Array.from({ length: totalChunks }, (_, i) => i + 1).filter((n) => !task.held.has(n));
      const sendOne = async (n: number): Promise<void> => {
        const [start, end] = bounds(n);
        for (let attempt = 0; ; attempt++) {
          try {
            last = (await uploadChunk(fields(n), task.file.slice(start, end), { signal })).data;
            break;
          } catch (error) {
            // A network failure is retried (FILE-038); the server's refusal is not.
            const code = (error as Envelope<unknown>).code;
            if (signal.aborted || code !== 0 || attempt >= chunkMaxRetries) throw error;
            await new Promise((r) => setTimeout(r, 300 * (attempt + 1)));
          }
        }
        task.held.add(n);
        sent += end - start;
        const seconds = (Date.now() - started) / 1000;
        if (this.alive(task) && !signal.aborted) this.set(task, { progress: heldBytes() / task.size, speed: seconds > 0 ? sent / seconds : 0 });
      };
      const queue = [...missing];
      await Promise.all(
        Array.from({ length: Math.min(PARALLEL_CHUNKS, queue.length) }, async () => {
          for (let n = queue.shift(); n !== undefined && !signal.aborted; n = queue.shift()) await sendOne(n);
        }),
      );
      // Paused or removed meanwhile: a chunk that arrived as it stopped changes nothing.
      if (signal.aborted) return;
      // The answer that completed the file says merge (jnpf-wire-areas.md §3).
      if (!last.merge && task.held.size < totalChunks) throw { code: 0, msg: '', data: null };
      const merged = (
        await mergeChunks(
          { identifier: task.identifier!, fileName: core.cleanFileName(task.name), fileSize: task.size, fileType: task.file.type, extension: core.fileExtension(task.name) },
          this.options.target,
        )
      ).data;
      if (!this.alive(task)) return;
      this.set(task, { status: 'success', progress: 1, speed: 0 });
      this.options.onSuccess({
        name: merged.fileName || core.cleanFileName(task.name),
        fileId: merged.name,
        fileSize: merged.fileSize,
        fileExtension: merged.fileExtension,
        fileVersionId: merged.fileVersionId,
        url: merged.url,
      });
    } catch (error) {
      if (signal.aborted || !this.alive(task)) return; // paused or removed
      // A network failure (code 0) has no message of the server's: the widget says 上传失败.
      const msg = refusalOf(error);
      this.set(task, { status: 'error', speed: 0, error: msg });
      this.options.onError?.(task.name, msg);
    } finally {
      if (task.abort === abort) task.abort = undefined;
      this.pump();
    }
  }
}
