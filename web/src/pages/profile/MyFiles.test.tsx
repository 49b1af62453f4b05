// 我的文件: the user's entries are kept per user in this browser (the server has no list of a
// user's uploads), and the widget uploads them private (isAccount 1). Real HTTP client and WASM
// core; the server faked behind fetch.
import { act, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import { initI18n } from '@/i18n';
import { useUser } from '@/stores/user';
import { getItem, setToken } from '@/utils/storage';
import { FakeFileServer, bytes } from '@/test/fakeFileServer';
import type { UserInfo } from '@/api/auth';
import MyFiles from './MyFiles';

jest.setTimeout(30_000);
configure({ asyncUtilTimeout: 10_000 });

let server: FakeFileServer;
beforeAll(() => initI18n('zh-CN'));
beforeEach(() => {
  localStorage.clear();
  server = new FakeFileServer();
  server.install();
  setToken('bearer-token');
  useUser.setState({ userInfo: { userId: 'u1' } as UserInfo });
});

function renderPage() {
  return render(
    <ConfigProvider theme={{ zeroRuntime: true }}>
      <AntApp>
        <MyFiles />
      </AntApp>
    </ConfigProvider>,
  );
}

test('an uploaded file is private (isAccount 1), listed, and still there for the same user on the next visit', async () => {
  const { unmount } = renderPage();
  const input = document.querySelector('.qm-my-files input[type=file]') as HTMLInputElement;
  await act(async () => {
    fireEvent.change(input, { target: { files: [new File([bytes(2048)], '化验单.pdf', { type: 'application/pdf' })] } });
  });
  await screen.findByText('化验单.pdf', { selector: '.qm-upload-file-name' });
  expect(server.to('/api/file/merge')[0].fields.isAccount).toBe('1');
  expect(getItem<unknown[]>('myFiles_u1', [])).toHaveLength(1);
  unmount();
  const again = renderPage();
  expect(await screen.findByText('2 KB')).toBeTruthy();
  again.unmount();
  // Another user of the same browser sees their own list only.
  useUser.setState({ userInfo: { userId: 'u2' } as UserInfo });
  renderPage();
  await waitFor(() => expect(document.querySelector('.qm-my-files .ant-upload')).not.toBeNull());
  expect(document.querySelector('.qm-upload-file')).toBeNull();
});
