/**
 * The menu form's values and what it sends (jnpf-wire-areas.md §1.8), as the JNPF client
 * shapes them: the types each category offers (Web 1 目录 2 页面 3 功能 4 字典 5 报表 6 大屏 8
 * 门户 7 外链; App 1 2 3 5 7), the address derived from the code for the types that have no
 * address of their own, the link target and the permission items a type starts with, and
 * propertyJson as JSON text `{moduleId, iconBackgroundColor, isTree}`. Which fields are
 * required is the rules core's (the form's `rules`), never decided here.
 */
import type { MenuCategory, MenuForm, MenuInfo } from '@/api/menu';
import { TOP } from '@/api/menu';
import { commonValues, commonWire, type CommonValues } from '@/components/entityValues';

/** The types a category offers, in the client's order. */
export const MENU_TYPES: Record<MenuCategory, number[]> = {
  Web: [1, 2, 3, 4, 5, 6, 8, 7],
  App: [1, 2, 3, 5, 7],
};

/** Types whose address is typed: 2 页面 and 7 外链. */
export const ADDRESS_TYPES = [2, 7];
/** Types that relate to a module (propertyJson.moduleId): 功能, 字典, 报表, 大屏, 门户. */
export const MODULE_TYPES = [3, 4, 5, 6, 8];
/** Types with permission items (按钮, 列表, 表单, 数据权限): 页面, 功能, 字典. */
export const AUTHORIZE_TYPES = [2, 3, 4];
/** Directories: what menus hang under (0 is the seed's directory, 1 the client's 目录). */
export const DIRECTORY_TYPES = [0, 1];

/** The four permission-item flags of a menu, in the order the form shows them. */
export const AUTHORIZE_FLAGS = ['isButtonAuthorize', 'isColumnAuthorize', 'isFormAuthorize', 'isDataAuthorize'] as const;
export type AuthorizeFlag = (typeof AUTHORIZE_FLAGS)[number];

export interface MenuProperty {
  moduleId?: string;
  iconBackgroundColor?: string;
  isTree?: number;
}

export interface MenuValues extends CommonValues {
  parentId?: string;
  icon: string;
  type?: number;
  urlAddress: string;
  linkTarget: string;
  /** An object while editing; sent as JSON text. */
  propertyJson: MenuProperty;
  /** The permission items the menu has (the flags that are 1). */
  authorize: AuthorizeFlag[];
}

/** What the dialog was opened for: a new menu (under `parentId`) or an existing one. */
export interface MenuTarget {
  id: string;
  parentId?: string;
}

function readProperty(text: string | null | undefined): MenuProperty {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as MenuProperty) : {};
  } catch {
    return {};
  }
}

/** The permission items a new menu of `type` starts with: all four for 页面, 功能 and 字典. */
export function defaultAuthorize(type: number | undefined): AuthorizeFlag[] {
  return type !== undefined && AUTHORIZE_TYPES.includes(type) ? [...AUTHORIZE_FLAGS] : [];
}

/** A 大屏 opens in a new window; everything else in the same one until chosen otherwise. */
export function defaultLinkTarget(type: number | undefined): string {
  return type === 6 ? '_blank' : '_self';
}

export function menuToValues(info: MenuInfo | null, parentId?: string): MenuValues {
  if (!info) {
    return {
      parentId: parentId || undefined,
      fullName: '',
      enCode: '',
      icon: '',
      type: undefined,
      urlAddress: '',
      linkTarget: '_self',
      propertyJson: {},
      authorize: [],
      sortCode: 0,
      enabledMark: 1,
      description: '',
    };
  }
  const property = readProperty(info.propertyJson);
  return {
    parentId: info.parentId,
    ...commonValues(info),
    icon: info.icon,
    type: info.type,
    urlAddress: info.urlAddress,
    linkTarget: info.linkTarget || defaultLinkTarget(info.type),
    propertyJson: { ...property, moduleId: property.moduleId ?? '' },
    authorize: AUTHORIZE_FLAGS.filter((flag) => info[flag] === 1),
  };
}

/**
 * The address a menu is reached by. Web: 页面 and 外链 as typed; 功能 `model/{c}`, 字典
 * `dictionary/{c}`, 报表 `dataReport/{c}`, 大屏 `dataScreen/{c}`, 门户 `portal/{c}`, where c is
 * the code with its first '.' removed. App: 功能 `/pages/apply/dynamicModel/index?id={moduleId}`,
 * 报表 `{c}`. A 目录 has none.
 */
export function menuAddress(category: MenuCategory, type: number | undefined, enCode: string, typed: string, moduleId: string): string {
  const code = enCode.trim().replace('.', '');
  if (type === undefined) return '';
  if (ADDRESS_TYPES.includes(type)) return typed.trim();
  if (category === 'App') {
    if (type === 3) return `/pages/apply/dynamicModel/index?id=${moduleId}`;
    if (type === 5) return code;
    return '';
  }
  const prefix: Record<number, string> = { 3: 'model', 4: 'dictionary', 5: 'dataReport', 6: 'dataScreen', 8: 'portal' };
  return prefix[type] ? `${prefix[type]}/${code}` : '';
}

export function menuToWire(values: MenuValues, context: { systemId: string; category: MenuCategory }): MenuForm {
  const type = values.type;
  const related = type !== undefined && MODULE_TYPES.includes(type);
  const moduleId = related ? (values.propertyJson?.moduleId ?? '') : '';
  const property: MenuProperty = { moduleId, iconBackgroundColor: values.propertyJson?.iconBackgroundColor ?? '' };
  if (type === 4) property.isTree = values.propertyJson?.isTree ?? 0;
  const flags = new Set(values.authorize ?? []);
  return {
    parentId: values.parentId ?? '',
    systemId: context.systemId,
    category: context.category,
    ...commonWire(values),
    icon: values.icon?.trim() ?? '',
    type: type ?? null,
    urlAddress: menuAddress(context.category, type, values.enCode ?? '', values.urlAddress ?? '', moduleId),
    linkTarget: type === 7 ? values.linkTarget || '_self' : defaultLinkTarget(type),
    propertyJson: JSON.stringify(property),
    ...Object.fromEntries(AUTHORIZE_FLAGS.map((flag) => [flag, flags.has(flag) ? 1 : 0])),
  };
}

/** Whether a row offers 新建子级: a directory. */
export const isDirectory = (type: number) => DIRECTORY_TYPES.includes(type);

/** The permission items a row offers: a 页面, 功能 or 字典 with the flag on. */
export function rowAuthorize(row: Pick<MenuInfo, 'type' | AuthorizeFlag>): AuthorizeFlag[] {
  return AUTHORIZE_TYPES.includes(row.type) ? AUTHORIZE_FLAGS.filter((flag) => row[flag] === 1) : [];
}

export { TOP };
