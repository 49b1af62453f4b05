// Renders a menu page as the shell does: at its address, with the signed-in user's routes and
// permission list in the store, inside antd's App (its toasts and confirmations) in
// zero-runtime mode as the app runs it (App.tsx) — no generated styles, which also keeps jsdom's
// getComputedStyle, and so role queries, fast. Helpers find buttons by their text or label
// without role queries, which are slow on a page this size in jsdom.
import { act, configure, fireEvent, render } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ComponentType, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import type { AppRoute } from '@/app/menu';
import { useUser } from '@/stores/user';

// Forms checked through WASM answer after a few event-loop turns: wait longer than 1 s for
// them on a busy machine.
configure({ asyncUtilTimeout: 5000 });

/** The permission entry of the page (its menu id is its model id, PERM-006). */
export const MODEL_ID = 'menu-under-test';

/** Signs in a user granted these buttons on the page at `path`. */
export function grant(path: string, buttons: string[], isAdministrator = true): void {
  const route: AppRoute = { path, name: path.slice(1).replace(/\//g, '-'), type: 2, address: path.slice(1), meta: { title: path, zhTitle: path, modelId: MODEL_ID } };
  useUser.setState({
    routes: [route],
    permissionList: [{ modelId: MODEL_ID, button: buttons.map((enCode) => ({ enCode })) }],
    userInfo: { isAdministrator } as never,
  });
}

export function renderPage(Page: ComponentType, path: string) {
  return renderInApp(<Page />, path);
}

/** Renders `ui` as the app does (zh-CN antd in zero-runtime mode, antd's App, a router at `path`). */
export function renderInApp(ui: ReactNode, path = '/') {
  return render(
    <ConfigProvider locale={zhCN} theme={{ zeroRuntime: true }}>
      <App>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </App>
    </ConfigProvider>,
  );
}

/** The visible-or-not button whose label or text (spaces dropped) is `name`, in `scope`. */
export function buttonNamed(name: string | RegExp, scope: ParentNode = document): HTMLButtonElement {
  const all = [...scope.querySelectorAll('button')];
  const match = (b: HTMLButtonElement) =>
    [b.getAttribute('aria-label') ?? '', (b.textContent ?? '').replace(/\s/g, '')].some((text) =>
      typeof name === 'string' ? text === name : name.test(text),
    );
  const found = all.filter(match);
  if (found.length !== 1) throw new Error(`${found.length} buttons named ${String(name)}`);
  return found[0];
}

/** The buttons whose label matches. */
export function buttonsLabelled(label: RegExp, scope: ParentNode = document): HTMLButtonElement[] {
  return [...scope.querySelectorAll('button')].filter((b) => label.test(b.getAttribute('aria-label') ?? ''));
}

/** The latest confirmation (an earlier one may still be fading out in jsdom). */
export function confirmation(): HTMLElement {
  const all = document.querySelectorAll<HTMLElement>('.ant-modal-confirm');
  if (!all.length) throw new Error('no confirmation is open');
  return all[all.length - 1];
}

/** The form dialog with this class (EntityFormDialog's className). */
export function formDialog(className: string): HTMLElement {
  const box = document.querySelector(`.${className}`) as HTMLElement | null;
  if (!box) throw new Error(`no dialog .${className}`);
  return box;
}

/** The open picker dialog (the latest: a closed one may still be fading out in jsdom). */
export function pickerDialog(): HTMLElement {
  const all = document.querySelectorAll<HTMLElement>('.qm-picker-dialog');
  if (!all.length) throw new Error('no picker dialog');
  return all[all.length - 1];
}

/** Opens the picker field inside `scope`. */
export function openPickerIn(scope: ParentNode): void {
  const picker = scope.querySelector('.qm-picker') as HTMLElement;
  const target = picker.querySelector('.ant-select-selector, .ant-select-content, input') ?? picker;
  fireEvent.mouseDown(target);
  fireEvent.click(picker);
}

/** The state switch of the row named `name`. */
export function stateSwitch(name: string): HTMLElement {
  const found = document.querySelector<HTMLElement>(`[role="switch"][aria-label="${name} 状态"]`);
  if (!found) throw new Error(`no state switch for ${name}`);
  return found;
}

/** Lets the page's pending answers and WASM checks land (a few event-loop turns). */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await act(() => new Promise((r) => setTimeout(r, 20)));
}

/** Opens the antd select `input` and chooses its option `option` (the latest list drawn: a closed one may linger). */
export async function chooseOption(input: HTMLElement, option: string): Promise<void> {
  fireEvent.mouseDown(input);
  await settle();
  const options = [...document.querySelectorAll('.ant-select-item-option-content')].filter((o) => o.textContent === option);
  fireEvent.click(options[options.length - 1]);
  await settle();
}

/** Every standard button of a list page. */
export const ALL_BUTTONS = ['btn_add', 'btn_edit', 'btn_remove', 'btn_upload', 'btn_download'];
