// The file upload widget (uploadFz) and its chunked uploader, with the real HTTP client and the
// real WASM rules core (MD5 included, through the worker's job); only the server is faked
// (src/test/fakeFileServer.ts), and it merges only when the client's MD5 is right.
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp, Button, ConfigProvider, Form } from 'antd';
import { useState } from 'react';
import * as core from '@qiming/core';
import type { FileEntry } from '@/api/file';
import { initI18n } from '@/i18n';
import { setToken } from '@/utils/storage';
import { FakeFileServer, bytes, md5Of } from '@/test/fakeFileServer';
import { canDo } from './chunkUpload';
import { fileMd5, Md5ReadError } from './md5';
import { UploadFz, type UploadFzProps } from './UploadFz';

jest.setTimeout(60_000);
configure({ asyncUtilTimeout: 20_000 });

const MB = 1_048_576;
const CHUNK = 5_242_880;
let server: FakeFileServer;

beforeAll(() => initI18n('zh-CN'));
beforeEach(() => {
  server = new FakeFileServer();
  server.install();
  setToken('bearer-token');
});

function Wrap({ children }: { children: React.ReactNode }) {
  return (
    <ConfigProvider theme={{ zeroRuntime: true }}>
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}

/** The widget holding its value as a form field would; `changes` records each value sent. */
function Field(props: UploadFzProps & { initial?: FileEntry[]; changes?: FileEntry[][] }) {
  const [value, setValue] = useState<FileEntry[]>(props.initial ?? []);
  return (
    <UploadFz
      {...props}
      value={value}
      onChange={(v) => {
        props.changes?.push(v);
        setValue(v);
      }}
    />
  );
}

function fileOf(name: string, size: number, type = 'application/pdf', seed = 7): File {
  return new File([bytes(size, seed)], name, { type });
}

async function choose(...files: File[]) {
  const input = document.querySelector('.qm-upload-fz input[type=file]') as HTMLInputElement;
  await act(async () => {
    fireEvent.change(input, { target: { files } });
  });
}

function row(name: string): HTMLElement {
  const found = [...document.querySelectorAll<HTMLElement>('.qm-chunk-row')].find((r) => r.textContent?.includes(name));
  if (!found) throw new Error(`no upload row for ${name}`);
  return found;
}

const actionsOf = (el: HTMLElement) => [...el.querySelectorAll('.qm-chunk-actions button')].map((b) => b.getAttribute('aria-label'));

test('FILE-042, FILE-003: the identifier is the MD5 of the whole file, read in 10,240,000-byte slices in the worker', async () => {
  const data = bytes(25_000_000, 3);
  const seen: number[] = [];
  const md5 = await fileMd5(new Blob([data]), { onProgress: (n) => seen.push(n) });
  expect(md5).toBe(md5Of(data));
  expect(seen).toEqual([10_240_000, 20_480_000, 25_000_000]);
  expect(core.uploadConstants().hashSliceSize).toBe(10_240_000);
});

test('FILE-044: a file that cannot be read rejects with a read error', async () => {
  const broken = new File([bytes(10)], 'broken.pdf');
  broken.slice = () => 'not a blob' as unknown as Blob; // FileReader refuses it, as a vanished file
  await expect(fileMd5(broken)).rejects.toBeInstanceOf(Md5ReadError);
});

test('FILE-044: in the widget, an unreadable file shows 文件{name}读取出错，请检查该文件 and is cancelled', async () => {
  render(
    <Wrap>
      <Field />
    </Wrap>,
  );
  const broken = fileOf('broken.pdf', 100);
  broken.slice = () => 'not a blob' as unknown as Blob;
  await choose(broken);
  expect(await screen.findByText('文件broken.pdf读取出错，请检查该文件')).toBeTruthy();
  await waitFor(() => expect(document.querySelector('.qm-chunk-row')).toBeNull());
  expect(server.calls).toHaveLength(0);
});

test('FILE-035..041, FILE-022, FILE-001, FILE-005: test first, 5,242,880-byte chunks with their fields, merge with the MD5, the entry added', async () => {
  const changes: FileEntry[][] = [];
  render(
    <Wrap>
      <Field changes={changes} fileSize={50} />
    </Wrap>,
  );
  const file = fileOf('年度#报告.pdf', 11 * MB);
  await choose(file);
  await waitFor(() => expect(changes).toHaveLength(1));
  // The test came first, for chunk 1, with the chunk query's fields (FILE-036, FILE-040).
  const first = server.calls.find((c) => c.path === '/api/file/chunk')!;
  expect(first.method).toBe('GET');
  expect(Object.fromEntries(first.query)).toMatchObject({
    chunkNumber: '1',
    chunkSize: String(CHUNK),
    totalSize: String(11 * MB),
    totalChunks: '2',
    identifier: md5Of(bytes(11 * MB, 7)),
    filename: '年度#报告.pdf',
    fileType: 'application/pdf',
    extension: 'pdf',
  });
  // Every call carries the session token (FILE-035).
  expect(new Set(server.calls.map((c) => c.authorization))).toEqual(new Set(['bearer-token']));
  // Two chunks: 5 MB and the rest (the last takes the remainder, FILE-037).
  const posts = server.to('/api/file/chunk', 'POST');
  expect(posts.map((c) => [c.fields.chunkNumber, c.file!.size]).sort()).toEqual([
    ['1', CHUNK],
    ['2', 11 * MB - CHUNK],
  ]);
  // Merge: multipart with the spec's fields; '#' removed from the name (FILE-041, FILE-001).
  const [merge] = server.to('/api/file/merge');
  expect(merge.fields).toEqual({
    identifier: md5Of(bytes(11 * MB, 7)),
    fileName: '年度报告.pdf',
    fileSize: String(11 * MB),
    fileType: 'application/pdf',
    extension: 'pdf',
    type: 'annex',
    pathType: 'defaultPath',
    isAccount: '0',
    folder: '',
  });
  expect(changes[0]).toEqual([{ name: '年度报告.pdf', fileId: 'stored1.pdf', fileSize: 11 * MB, fileExtension: 'pdf', fileVersionId: '', url: '/api/file/Image/annex/stored1.pdf' }]);
  // Shown with its size in MB, by the core (FILE-005); its row says 上传成功 and offers nothing.
  expect(screen.getByText('年度报告.pdf')).toBeTruthy();
  expect(document.querySelector('.qm-upload-file-size')?.textContent).toBe('11 MB');
  expect(row('年度#报告.pdf').dataset.status).toBe('success');
  expect(actionsOf(row('年度#报告.pdf'))).toEqual([]);
});

test('FILE-036: an upload resumes what the server holds (a reload or a new server): only the missing chunk is sent', async () => {
  const data = bytes(11 * MB, 9);
  const identifier = md5Of(data);
  server.chunks.set(identifier, new Map([[1, data.slice(0, CHUNK)]]));
  const changes: FileEntry[][] = [];
  render(
    <Wrap>
      <Field changes={changes} fileSize={50} />
    </Wrap>,
  );
  await choose(new File([data], 'scan.pdf', { type: 'application/pdf' }));
  await waitFor(() => expect(changes).toHaveLength(1));
  expect(server.to('/api/file/chunk', 'POST').map((c) => c.fields.chunkNumber)).toEqual(['2']);
});

test('FILE-038, FILE-027, FILE-033: a chunk is retried up to 5 times; then the row is in error with 上传失败, and retry finishes it', async () => {
  let failures = 0;
  server.override = (call) => {
    if (call.method === 'POST' && call.path === '/api/file/chunk' && failures < 6) {
      failures++;
      throw new TypeError('network down');
    }
    return undefined;
  };
  const changes: FileEntry[][] = [];
  render(
    <Wrap>
      <Field changes={changes} />
    </Wrap>,
  );
  await choose(fileOf('a.txt', 1000, 'text/plain'));
  await waitFor(() => expect(row('a.txt').dataset.status).toBe('error'), { timeout: 20_000 });
  expect(failures).toBe(6); // the first attempt and 5 retries
  // The row and the toast both say 上传失败 (a network failure has no server message).
  await waitFor(() => expect(screen.getAllByText('上传失败')).toHaveLength(2));
  expect(actionsOf(row('a.txt'))).toEqual(['重试', '移除']);
  await act(async () => {
    fireEvent.click(within(row('a.txt')).getByRole('button', { name: '重试' }));
  });
  await waitFor(() => expect(changes).toHaveLength(1));
  expect(row('a.txt').dataset.status).toBe('success');
});

test('FILE-026: a refusal from the server shows its message and the file is not added', async () => {
  server.override = (call) => (call.path === '/api/file/merge' ? { code: 400, msg: '不支持上传.exe类型的文件', data: null } : undefined);
  const changes: FileEntry[][] = [];
  render(
    <Wrap>
      <Field changes={changes} />
    </Wrap>,
  );
  await choose(fileOf('a.pdf', 100));
  await waitFor(() => expect(row('a.pdf').dataset.status).toBe('error'));
  expect(await screen.findByText('不支持上传.exe类型的文件')).toBeTruthy();
  expect(changes).toHaveLength(0);
});

test('FILE-028..034: each action only in its state — pause while uploading, resume when paused, remove unless finished', async () => {
  // Chunks are held until released, so the upload can be caught in the middle.
  const held: (() => void)[] = [];
  let hold = true;
  server.override = (call) =>
    call.method === 'POST' && call.path === '/api/file/chunk' && hold ? new Promise((r) => held.push(() => r(undefined as never))) : undefined;
  const changes: FileEntry[][] = [];
  render(
    <Wrap>
      <Field changes={changes} fileSize={100} />
    </Wrap>,
  );
  await choose(fileOf('big.pdf', 16 * MB));
  await waitFor(() => expect(row('big.pdf').dataset.status).toBe('uploading'));
  expect(actionsOf(row('big.pdf'))).toEqual(['暂停', '移除']);
  await act(async () => {
    fireEvent.click(within(row('big.pdf')).getByRole('button', { name: '暂停' }));
  });
  expect(row('big.pdf').dataset.status).toBe('paused');
  expect(actionsOf(row('big.pdf'))).toEqual(['继续', '移除']);
  hold = false;
  held.forEach((release) => release());
  await act(async () => {
    fireEvent.click(within(row('big.pdf')).getByRole('button', { name: '继续' }));
  });
  await waitFor(() => expect(changes).toHaveLength(1));
  expect(server.to('/api/file/chunk', 'GET')).toHaveLength(2); // the resume asked again
  // The table of spec 4.6, whole.
  const states = ['checking', 'waiting', 'uploading', 'paused', 'success', 'error'] as const;
  const allowed = (a: 'pause' | 'resume' | 'retry' | 'remove') => states.filter((s) => canDo(a, s));
  expect(allowed('pause')).toEqual(['waiting', 'uploading']);
  expect(allowed('resume')).toEqual(['paused']);
  expect(allowed('retry')).toEqual(['error']);
  expect(allowed('remove')).toEqual(['checking', 'waiting', 'uploading', 'paused', 'error']);
});

test('FILE-030, FILE-034: while hashing the row is checking with remove only; removing it cancels the file', async () => {
  render(
    <Wrap>
      <Field fileSize={100} />
    </Wrap>,
  );
  await choose(fileOf('hash.pdf', 30 * MB));
  expect(row('hash.pdf').dataset.status).toBe('checking');
  expect(actionsOf(row('hash.pdf'))).toEqual(['移除']);
  await act(async () => {
    fireEvent.click(within(row('hash.pdf')).getByRole('button', { name: '移除' }));
  });
  expect(document.querySelector('.qm-chunk-row')).toBeNull();
  await act(() => new Promise((r) => setTimeout(r, 300)));
  expect(server.calls).toHaveLength(0);
});

test('FILE-010, FILE-011, FILE-012: count limit, size in the chosen unit and accepted types are refused before anything is sent', async () => {
  render(
    <Wrap>
      <Field limit={1} fileSize={2} sizeUnit="KB" accept=".pdf" initial={[{ name: 'a.pdf', fileId: 'x.pdf', url: '/api/file/Image/annex/x.pdf', fileSize: 10 }]} />
    </Wrap>,
  );
  await choose(fileOf('b.pdf', 10));
  expect(await screen.findByText('当前限制最多可以上传1个文件')).toBeTruthy();
  // Single-file mode when the limit is 1 (FILE-043).
  await waitFor(() => expect((document.querySelector('.qm-upload-fz input[type=file]') as HTMLInputElement).multiple).toBe(false));
  expect(server.calls).toHaveLength(0);
});

test('FILE-011, FILE-012: size over the limit in KB, a type not accepted', async () => {
  render(
    <Wrap>
      <Field fileSize={2} sizeUnit="KB" accept=".pdf" />
    </Wrap>,
  );
  await choose(fileOf('big.pdf', 2048));
  expect(await screen.findByText('文件大小超过2KB')).toBeTruthy();
  await choose(fileOf('a.exe', 10));
  expect(await screen.findByText('请选择.pdf类型的文件')).toBeTruthy();
  expect(server.calls).toHaveLength(0);
});

test('FILE-025: a pre-upload check that says no ignores the file', async () => {
  render(
    <Wrap>
      <Field beforeUpload={() => false} />
    </Wrap>,
  );
  await choose(fileOf('a.pdf', 10));
  await act(() => new Promise((r) => setTimeout(r, 100)));
  expect(document.querySelector('.qm-chunk-row')).toBeNull();
  expect(server.calls).toHaveLength(0);
});

const STORED: FileEntry[] = [
  { name: '报告.pdf', fileId: 'f1.pdf', url: '/api/file/Image/annex/f1.pdf', fileSize: 1536, fileExtension: 'pdf', fileVersionId: '' },
  { name: '照片.png', fileId: 'f2.png', url: '/api/file/Image/annex/f2.png', fileSize: 3 * MB, fileExtension: 'png', fileVersionId: '' },
];

test('FILE-024: disabled and detailed hide add and delete; download stays', async () => {
  for (const props of [{ disabled: true }, { detailed: true }]) {
    const { unmount } = render(
      <Wrap>
        <Field {...props} initial={STORED} />
      </Wrap>,
    );
    await screen.findByText('1.5 KB');
    expect(document.querySelector('.qm-upload-fz input[type=file]')).toBeNull();
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
    expect(screen.getAllByRole('button', { name: '下载' })).toHaveLength(2);
    unmount();
  }
});

test('FILE-022, FILE-023: a delete removes the entry and the enclosing form validates the field', async () => {
  function Page() {
    const [form] = Form.useForm();
    return (
      <Form form={form} initialValues={{ files: STORED.slice(0, 1) }}>
        <Form.Item name="files" label="附件" rules={[{ required: true, type: 'array', min: 1, message: '请上传附件' }]}>
          <UploadFz />
        </Form.Item>
        <Button htmlType="submit">提交</Button>
      </Form>
    );
  }
  render(
    <Wrap>
      <Page />
    </Wrap>,
  );
  await screen.findByText('报告.pdf');
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: '删除' }));
  });
  expect(screen.queryByText('报告.pdf')).toBeNull();
  expect(await screen.findByText('请上传附件')).toBeTruthy();
});

test('FILE-013, FILE-015: download-all with nothing says 未发现文件; with files it packs them and opens the link', async () => {
  const clicked: string[] = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.getAttribute('href')!);
  });
  const { unmount } = render(
    <Wrap>
      <Field />
    </Wrap>,
  );
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: /全部下载/ }));
  });
  expect(await screen.findByText('未发现文件')).toBeTruthy();
  expect(server.calls).toHaveLength(0);
  unmount();
  render(
    <Wrap>
      <Field initial={STORED} />
    </Wrap>,
  );
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: /全部下载/ }));
  });
  await waitFor(() => expect(clicked).toHaveLength(1));
  const [pack] = server.to('/api/file/PackDownload/annex', 'POST');
  expect(pack.json).toEqual([
    { fileId: 'f1.pdf', fileName: '报告.pdf' },
    { fileId: 'f2.png', fileName: '照片.png' },
  ]);
  expect(clicked[0]).toBe(`/api/file/Download?encryption=pack&name=${encodeURIComponent('附件.zip')}`);
});

test('FILE-008, FILE-014: each file downloads through its link and previews (an image in the page, a PDF through Uploader/Preview)', async () => {
  const clicked: string[] = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.getAttribute('href')!);
  });
  render(
    <Wrap>
      <Field initial={STORED} />
    </Wrap>,
  );
  await screen.findByText('3 MB');
  const [pdfDownload] = screen.getAllByRole('button', { name: '下载' });
  await act(async () => {
    fireEvent.click(pdfDownload);
  });
  await waitFor(() => expect(clicked).toEqual([`/api/file/Download?encryption=key-f1.pdf&name=${encodeURIComponent('报告.pdf')}`]));
  expect(server.to('/api/file/Download/annex/f1.pdf')).toHaveLength(1);

  const [pdfPreview, imagePreview] = screen.getAllByRole('button', { name: '预览' });
  await act(async () => {
    fireEvent.click(pdfPreview);
  });
  const frame = await waitFor(() => {
    const found = document.querySelector('iframe.qm-file-preview-frame');
    expect(found).not.toBeNull();
    return found!;
  });
  expect(frame.getAttribute('src')).toBe('/api/file/Preview?key=f1.pdf&token=bearer-token');
  expect(Object.fromEntries(server.to('/api/file/Uploader/Preview')[0].query)).toMatchObject({ fileName: 'f1.pdf', fileVersionId: '', fileDownloadUrl: '/api/file/Image/annex/f1.pdf' });
  await act(async () => {
    fireEvent.click(document.querySelector('.ant-modal-close')!);
  });
  await act(async () => {
    fireEvent.click(imagePreview);
  });
  const image = await waitFor(() => {
    const found = document.querySelector('img.qm-file-preview-image');
    expect(found).not.toBeNull();
    return found!;
  });
  expect(image.getAttribute('src')).toBe('/api/file/Download?encryption=key-f2.png');
});
