/**
 * The organisations' version in this page: bumped after every successful create, update or
 * delete of a company or department (api/organize.ts), so the organisation trees of tabs already
 * open (用户管理, 岗位管理, …) read the tree again instead of showing it as it was when they opened.
 * Another user's change arrives as the socket's `organizeChanged` frame (stores/socket.ts), which
 * bumps it too.
 */
import { create } from 'zustand';

export const useOrganizations = create<{ version: number }>(() => ({ version: 0 }));

/** After an organisation changed: every tree that shows the organisations loads them again. */
export function organizationsChanged(): void {
  useOrganizations.setState((s) => ({ version: s.version + 1 }));
}

/** Passes a successful answer through, telling the trees first. */
export function changesOrganizations<T>(call: Promise<T>): Promise<T> {
  return call.then((answer) => {
    organizationsChanged();
    return answer;
  });
}
