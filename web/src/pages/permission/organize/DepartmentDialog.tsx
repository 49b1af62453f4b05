/**
 * The department form (新建部门 / 编辑部门; jnpf-wire-areas.md §1.3): the organisation it belongs
 * to, picked with the organisation picker among what the caller manages (the edited department
 * and what is below it left out), then name, code, sort, state and description, each checked
 * by the rules core's department rules as the server does. The manager is picked from users,
 * which come with the user pages.
 */
import { Form, Input, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { createDepartment, getDepartment, updateDepartment, type DepartmentForm, type DepartmentInfo } from '@/api/organize';
import { EntityFormDialog } from '@/components/EntityFormDialog';
import type { EntityRules } from '@/hooks/useEntityRules';
import { ComSelect } from '@/widgets/pickers/ComSelect';
import { CommonItems, NameCodeItems } from '@/components/entityItems';
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

interface Props {
  target: { id: string } | null;
  form: FormInstance<DepartmentValues>;
  onClose(): void;
  onSaved(): void;
}

export function DepartmentDialog({ target, form, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  return (
    <EntityFormDialog<DepartmentInfo, DepartmentValues>
      target={target}
      title={target?.id ? t('organize.editDepartment') : t('organize.addDepartment')}
      entity="department"
      form={form}
      load={getDepartment}
      toValues={toValues}
      toWire={toWire}
      save={(id, body) => (id ? updateDepartment(id, body as DepartmentForm) : createDepartment(body as DepartmentForm))}
      onClose={onClose}
      onSaved={onSaved}
      className="qm-department-form"
    >
      {(rules) => (
        <>
          <Form.Item name="id" hidden>
            <Input />
          </Form.Item>
          <ParentField rules={rules} />
          <NameCodeItems rules={rules} name={t('organize.departmentName')} code={t('organize.departmentCode')} />
          <CommonItems rules={rules} />
        </>
      )}
    </EntityFormDialog>
  );
}
