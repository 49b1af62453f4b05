// The data interface the page's tests list (下级区域, as DataInterface answers it), shared by
// the page's and the variables' tests.
import type { InterfaceListRow } from '@/api/dataInterface';

export const CHILD_AREAS: InterfaceListRow = {
  id: 'i1',
  fullName: '下级区域',
  enCode: 'childAreas',
  dataType: 1,
  categoryId: '基础数据',
  creatorUser: '管理员/admin',
  creatorTime: 1_700_000_000_000,
  lastModifyTime: null,
  sortCode: 0,
  enabledMark: 1,
};
