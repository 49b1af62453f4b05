// The image upload widget (uploadImg) with the real HTTP client and the real WASM rules core;
// only the server is faked (src/test/fakeFileServer.ts).
import { act, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import { useState } from 'react';
import type { FileEntry } from '@/api/file';
import { initI18n } from '@/i18n';
import { setToken } from '@/utils/storage';
import { FakeFileServer, bytes } from '@/test/fakeFileServer';
import { UploadImg, type UploadImgProps } from './UploadImg';

jest.setTimeout(60_000);
configure({ asyncUtilTimeout: 10_000 });

let server: FakeFileServer;
beforeAll(() => initI18n('zh-CN'));
beforeEach(() => {
  server = new FakeFileServer();
  server.install();
  setToken('bearer-token');
});

function Field(props: UploadImgProps & { initial?: FileEntry[]; changes?: FileEntry[][] }) {
  const [value, setValue] = useState<FileEntry[]>(props.initial ?? []);
  return (
    <ConfigProvider theme={{ zeroRuntime: true }}>
      <AntApp>
        <UploadImg
          {...props}
          value={value}
          onChange={(v) => {
            props.changes?.push(v);
            setValue(v);
          }}
        />
      </AntApp>
    </ConfigProvider>
  );
}

const image = (name: string, size = 100) => new File([bytes(size)], name, { type: 'image/png' });
const input = () => document.querySelector('.qm-upload-img input[type=file]') as HTMLInputElement | null;

async function choose(...files: File[]) {
  await act(async () => {
    fireEvent.change(input()!, { target: { files } });
  });
}

test('FILE-016, FILE-021, FILE-022, FILE-002: an image goes to Uploader/annexpic with pathType, isAccount, folder and joins the cards', async () => {
  const changes: FileEntry[][] = [];
  render(<Field changes={changes} folder="photos" />);
  await choose(image('头像.png'));
  await waitFor(() => expect(changes).toHaveLength(1));
  const [call] = server.to('/api/file/Uploader/annexpic', 'POST');
  expect(call.fields).toEqual({ pathType: 'defaultPath', isAccount: '0', folder: 'photos' });
  expect(call.file!.name).toBe('头像.png');
  expect(changes[0]).toEqual([{ name: '头像.png', fileId: 'img1.png', url: '/api/file/Image/annexpic/img1.png' }]);
  expect(document.querySelector('.ant-upload-list-item img')?.getAttribute('src')).toBe('/api/file/Image/annexpic/img1.png');
  expect(input()!.getAttribute('accept')).toBe('image/*');
});

test('FILE-019, FILE-018: a non-image gives 请上传图片; an image over the limit 图片大小超过{size}{unit}; nothing is sent', async () => {
  render(<Field fileSize={1} sizeUnit="KB" />);
  await choose(new File([bytes(10)], 'a.pdf', { type: 'application/pdf' }));
  expect(await screen.findByText('请上传图片')).toBeTruthy();
  await choose(image('big.png', 1024));
  expect(await screen.findByText('图片大小超过1KB')).toBeTruthy();
  expect(server.calls).toHaveLength(0);
});

test('FILE-018: the default limit is 10 MB', async () => {
  render(<Field />);
  await choose(image('big.png', 10 * 1_048_576));
  expect(await screen.findByText('图片大小超过10MB')).toBeTruthy();
});

test('FILE-017, FILE-020: with the limit reached the warning is shown; single choice when the limit is 1, several otherwise', async () => {
  const one = { name: 'a.png', fileId: 'a.png', url: '/api/file/Image/annexpic/a.png' };
  const { unmount } = render(<Field limit={2} initial={[one]} />);
  expect(input()!.multiple).toBe(true);
  await choose(image('b.png'), image('c.png'));
  expect(await screen.findByText('当前限制最多可以上传2张图片')).toBeTruthy();
  await waitFor(() => expect(server.calls).toHaveLength(1)); // b went, c was refused
  unmount();
  render(<Field limit={1} />);
  await waitFor(() => expect(input()!.multiple).toBe(false));
});

test('FILE-026: a refusal shows the server message and the image is dropped', async () => {
  server.override = () => ({ code: 400, msg: '文件内容与扩展名不符，请上传真实的文件', data: null });
  const changes: FileEntry[][] = [];
  render(<Field changes={changes} />);
  await choose(image('fake.png'));
  expect(await screen.findByText('文件内容与扩展名不符，请上传真实的文件')).toBeTruthy();
  await waitFor(() => expect(document.querySelector('.ant-upload-list-item')).toBeNull());
  expect(changes).toHaveLength(0);
});

test('FILE-027: a failed upload (no answer) shows 上传失败', async () => {
  server.override = () => {
    throw new TypeError('network down');
  };
  render(<Field />);
  await choose(image('a.png'));
  expect(await screen.findByText('上传失败')).toBeTruthy();
});

test('FILE-024, FILE-016: read-only hides add and remove; a card previews its image', async () => {
  const stored = [{ name: 'a.png', fileId: 'a.png', url: '/api/file/Image/annexpic/a.png' }];
  render(<Field detailed initial={stored} />);
  expect(document.querySelector('.qm-upload-img-add')).toBeNull();
  expect(document.querySelector('.ant-upload-list-item-actions [title="删除文件"], .ant-upload-list-item .anticon-delete')).toBeNull();
  const eye = document.querySelector('.ant-upload-list-item .anticon-eye')!.closest('a,button') as HTMLElement;
  await act(async () => {
    fireEvent.click(eye);
  });
  const img = await waitFor(() => {
    const found = document.querySelector('img.qm-file-preview-image');
    expect(found).not.toBeNull();
    return found!;
  });
  expect(img.getAttribute('src')).toBe('/api/file/Download?encryption=key-a.png');
});
