/**
 * The department form (新建部门 / 编辑部门; jnpf-wire-areas.md §1.3): the organisation it belongs
 * to, picked with the organisation picker among what the caller manages (the edited department
 * and what is below it left out), then name, code, sort, state and description, each checked
 * by the rules core's department rules as the server does. The manager is picked from users,
 * which come with the user pages.
 */
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { createDepartment, getDepartment, updateDepartment, type DepartmentForm, type DepartmentInfo } from '@/api/organize';
import type { EntityRules } from '@/hooks/useEntityRules';
import { ComSelect } from '@/widgets/pickers/ComSelect';
import { OrgDialog, type OrgDialogProps, type OrgKind } from './OrgDialog';
import { NEW_COMMON, commonValues, commonWire, type CommonValues } from '@/components/entityValues';

export interface DepartmentValues extends CommonValues {
  id?: string;
  /** The parent organisation's id path; the last id is sent. */
  parentId: string[];
  managerId?: string;
}

const toValues = (info: DepartmentInfo | null): DepartmentValues =>
  info
    ? {
        id: info.id,
        parentId: info.organizeIdTree ?? [],
        managerId: info.managerId,
        ...commonValues(info),
      }
    : { parentId: [], ...NEW_COMMON };

const toWire = (v: DepartmentValues): DepartmentForm => ({
  parentId: v.parentId?.[v.parentId.length - 1] ?? '',
  ...commonWire(v),
});

function ParentField({ rules }: { rules: EntityRules }) {
  const { t } = useTranslation();
  const id = Form.useWatch<string | undefined>('id');
  return (
    <Form.Item {...rules.item('parentId')} label={t('organize.departmentParent')}>
      <ComSelect auth currOrgId={id || '0'} placeholder={t('picker.placeholder')} />
    </Form.Item>
  );
}

const DEPARTMENT: OrgKind<DepartmentInfo, DepartmentValues> = {
  entity: 'department',
  keys: { add: 'organize.addDepartment', edit: 'organize.editDepartment', name: 'organize.departmentName', code: 'organize.departmentCode' },
  className: 'qm-department-form',
  load: getDepartment,
  create: createDepartment,
  update: updateDepartment,
  toValues,
  toWire,
  Parent: ParentField,
};

export function DepartmentDialog(props: OrgDialogProps<DepartmentValues>) {
  return <OrgDialog kind={DEPARTMENT} {...props} />;
}
