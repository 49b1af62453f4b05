/**
 * Dictionary items as the administration forms offer them (DICT-044; jnpf-wire.md "System
 * data"): `GET /api/system/DictionaryData/All` → `{list: [{id, enCode, fullName, isTree,
 * dictionaryList: [...]}]}`, which clients cache and look up by a category's id or enCode. The
 * position form sends a PositionType item's enCode, the group form a groupType item's id.
 */
import type { components } from './schema';
import { request as send } from './http';

/** The server's wire types, generated from its OpenAPI document (`make api`). */
type Schemas = components['schemas'];

export type Dictionary = Schemas['Dictionary'];
export type DictionaryItem = Schemas['ItemNode'];

/** Every dictionary category with its enabled items. */
export function getDictionaryAll() {
  return send<{ list: Dictionary[] }>({ url: '/api/system/DictionaryData/All' });
}
