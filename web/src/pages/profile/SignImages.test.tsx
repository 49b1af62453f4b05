// Signature images of the profile (PROF-009) with the real HTTP client and the real WASM core;
// the server's SignImg calls are faked behind fetch, as jnpf-wire-areas.md §1.2 shapes them.
import { act, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import { initI18n } from '@/i18n';
import { setToken } from '@/utils/storage';
import SignImages from './SignImages';

jest.setTimeout(30_000);
configure({ asyncUtilTimeout: 5000 });

interface Sign {
  id: string;
  signImg: string;
  isDefault: number;
}
let signs: Sign[];
let calls: { method: string; path: string; body?: unknown }[];

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

beforeAll(() => {
  initI18n('zh-CN');
  // jsdom draws nothing: signature_pad gets a context that accepts its calls.
  HTMLCanvasElement.prototype.getContext = (() =>
    new Proxy({}, { get: (_, key) => (key === 'canvas' ? undefined : () => undefined), set: () => true })) as never;
});

beforeEach(() => {
  setToken('bearer-token');
  signs = [
    { id: 's1', signImg: PNG, isDefault: 1 },
    { id: 's2', signImg: PNG, isDefault: 0 },
  ];
  calls = [];
  (globalThis as { fetch?: unknown }).fetch = async (input: string, init: RequestInit = {}) => {
    const path = new URL(input, 'http://qiming.test').pathname;
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, body });
    const base = '/api/permission/Users/Current';
    let data: unknown = null;
    if (path === `${base}/SignImg` && method === 'GET') data = signs;
    else if (path === `${base}/SignImg` && method === 'POST') signs.push({ id: `s${signs.length + 1}`, ...(body as Omit<Sign, 'id'>) });
    else {
      const id = path.match(/Current\/(\w+)\/SignImg$/)?.[1];
      if (method === 'PUT') signs = signs.map((s) => ({ ...s, isDefault: s.id === id ? 1 : 0 }));
      if (method === 'DELETE') signs = signs.filter((s) => s.id !== id);
    }
    // Parsed anew each time, as an answer off the wire is.
    const text = JSON.stringify({ code: 200, msg: '操作成功', data });
    return { status: 200, json: async () => JSON.parse(text) };
  };
});

function renderPage() {
  render(
    <ConfigProvider theme={{ zeroRuntime: true }}>
      <AntApp>
        <SignImages />
      </AntApp>
    </ConfigProvider>,
  );
}

const items = () => [...document.querySelectorAll<HTMLElement>('.qm-sign-item')];

test('PROF-009: the list shows each signature as its data-URL with the default marked; set default and delete (after 提示) call the server', async () => {
  renderPage();
  await waitFor(() => expect(items()).toHaveLength(2));
  expect(items().map((i) => i.dataset.default)).toEqual(['true', 'false']);
  expect(items()[0].querySelector('img')!.getAttribute('src')).toBe(PNG);
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: '设为默认' }));
  });
  await waitFor(() => expect(items().map((i) => i.dataset.default)).toEqual(['false', 'true']));
  expect(calls).toContainEqual({ method: 'PUT', path: '/api/permission/Users/Current/s2/SignImg', body: undefined });
  await act(async () => {
    fireEvent.click(screen.getAllByRole('button', { name: /删\s*除/ })[0]);
  });
  await act(async () => {
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
  });
  await waitFor(() => expect(items()).toHaveLength(1));
  expect(calls).toContainEqual({ method: 'DELETE', path: '/api/permission/Users/Current/s1/SignImg', body: undefined });
});

test('PROF-009: saving an empty drawing asks for a signature first; nothing is sent', async () => {
  renderPage();
  await waitFor(() => expect(items()).toHaveLength(2));
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: /保存签名/ }));
  });
  expect(await screen.findByText('请先书写签名')).toBeTruthy();
  expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
});

test('PROF-009, FILE-019: a picture is checked by the core as an image, then posted as a data-URL', async () => {
  signs = [];
  renderPage();
  await screen.findByText('暂无签名');
  // rc-upload renders a new input after each choice.
  const input = () => document.querySelector('.qm-sign input[type=file]') as HTMLInputElement;
  await act(async () => {
    fireEvent.change(input(), { target: { files: [new File(['%PDF-1.4'], 'a.pdf', { type: 'application/pdf' })] } });
  });
  expect(await screen.findByText('请上传图片')).toBeTruthy();
  await act(async () => {
    fireEvent.change(input(), { target: { files: [new File([new Uint8Array([137, 80, 78, 71])], 'sign.png', { type: 'image/png' })] } });
  });
  await waitFor(() => expect(items()).toHaveLength(1));
  const post = calls.find((c) => c.method === 'POST')!;
  expect(post.path).toBe('/api/permission/Users/Current/SignImg');
  expect(post.body).toEqual({ signImg: 'data:image/png;base64,iVBORw==', isDefault: 1 }); // the first is the default
});
