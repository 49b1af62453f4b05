/**
 * /api/file: uploads, the chunked upload, download links, pack download and preview (spec 02
 * §7.1-7.3, jnpf-wire-areas.md §3). Paths and fields are the JNPF client's, so its pages work
 * against the same server.
 */
import type { components, operations } from './schema';
import { api } from './client';

type Schemas = components['schemas'];

/** The answer of an upload or a merge: `name` is the stored name the client keeps as fileId. */
export type Uploaded = Schemas['Uploaded'];
/** What the server holds of a chunked file (FILE-039). */
export type ChunkState = Schemas['ChunkState'];

/**
 * A file widget's entry (FILE-001), kept in a form's value: the upload's answer with its stored
 * name as fileId; an image widget's has only name, fileId and url (FILE-002).
 */
export type FileEntry = Pick<Uploaded, 'name' | 'url'> & { fileId: string } & Partial<Pick<Uploaded, 'fileSize' | 'fileExtension' | 'fileVersionId'>>;

/** Where an upload goes: its type (FILE-007: annex, annexpic, userAvatar, IM, workFlow) and fields. */
export type UploadTarget = {
  type: string;
  pathType?: string;
  /** 1: private to the uploader. */
  isAccount?: 0 | 1;
  folder?: string;
};


/**
 * The server's message of a failed quiet upload call, '' when there is none (no answer: the
 * widgets then say 上传失败, FILE-027).
 */
export function refusalOf(error: unknown): string {
  const failure = error as { code?: number; msg?: string };
  return failure?.code ? (failure.msg ?? '') : '';
}

/** `pathType`, `isAccount`, `folder` with the spec's defaults (defaultPath, 0, ''). */
function targetFields(target: UploadTarget): Record<string, string> {
  return { pathType: target.pathType || 'defaultPath', isAccount: String(target.isAccount ?? 0), folder: target.folder ?? '' };
}

/**
 * The common upload (FILE-021): multipart `file` with pathType, isAccount, folder. Quiet: the
 * widget says what failed (the server's message, or 上传失败).
 */
export function uploadFile(target: UploadTarget, file: Blob, fileName: string) {
  const form = new FormData();
  form.append('file', file, fileName);
  for (const [k, v] of Object.entries(targetFields(target))) form.append(k, v);
  return api.POST('/api/file/Uploader/{type}', { params: { path: { type: target.type } }, body: form, quiet: true });
}

/** The query of a test-chunk and the fields of a chunk (FILE-036, FILE-040). */
export type ChunkFields = Required<NonNullable<operations['getFileChunk']['parameters']['query']>>;

/** What the chunked upload's calls share: quiet (it reports failures itself) and cancellable. */
type ChunkCall = {
  signal?: AbortSignal;
};

/** The test before the chunks (FILE-036): which chunks the server already holds. */
export function testChunk(fields: ChunkFields, { signal }: ChunkCall = {}) {
  return api.GET('/api/file/chunk', { params: { query: fields }, quiet: true, signal });
}

/** One chunk (FILE-035): multipart, the test's fields plus `file`. */
export function uploadChunk(fields: ChunkFields, chunk: Blob, { signal }: ChunkCall = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
  form.append('file', chunk, fields.filename);
  return api.POST('/api/file/chunk', { body: form, quiet: true, signal });
}

/** The merge's own fields (FILE-041), beside the target's type, pathType, isAccount, folder. */
export type MergeFields = Pick<ChunkFields, 'identifier' | 'fileType' | 'extension'> & { fileName: string; fileSize: number };

/** The merge (FILE-041): multipart; answers the stored file. */
export function mergeChunks(fields: MergeFields, target: UploadTarget) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...fields, type: target.type, ...targetFields(target) })) form.append(k, String(v));
  return api.POST('/api/file/merge', { body: form, quiet: true });
}

/** A download link (FILE-014): opened without the Authorization header; it expires. */
export function downloadLink(type: string, fileId: string) {
  return api.GET('/api/file/Download/{type}/{fileId}', { params: { path: { type, fileId } } });
}

/** Pack download's answer (FILE-015, jnpf-wire-areas.md §3). */
export type PackAnswer = components['schemas']['PackDownload'];

/** Pack download (FILE-015): the body is a bare array of {fileId, fileName}. */
export function packDownload(type: string, files: { fileId: string; fileName: string }[]) {
  return api.POST('/api/file/PackDownload/{type}', { params: { path: { type } }, body: files });
}

/** Preview (FILE-045): a URL string to load in a frame (falsy: the file does not exist). */
export function previewUrl(entry: FileEntry) {
  return api.GET('/api/file/Uploader/Preview', { params: { query: { fileName: entry.fileId, fileVersionId: entry.fileVersionId ?? '', fileDownloadUrl: entry.url } } });
}

/**
 * What a downloaded link opens: `url` already holds its key (`?encryption=…`), the client adds
 * `&name=` as the JNPF client does; a url with `http` in it is used as given.
 */
export function linkWithName(url: string, name: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}name=${encodeURIComponent(name)}`;
}

/**
 * The upload type of an entry, for its download link: the second-to-last segment of its url
 * (`/api/file/Image/{type}/{fileId}`), as the JNPF client takes it; else `fallback`.
 */
export function entryType(entry: FileEntry, fallback: string): string {
  const parts = entry.url.split('?')[0].split('/').filter(Boolean);
  return parts.length >= 2 ? parts[parts.length - 2] : fallback;
}
