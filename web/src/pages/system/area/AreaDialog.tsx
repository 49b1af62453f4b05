/**
 * 新建区域 / 编辑区域 (jnpf-wire-areas.md §2.3): the 600px form of an area — its parent chosen
 * with the area picker (any level, 顶级节点 for a province; the edited area and what is below it
 * are not offered), name, digits-only code, sort, state and description, checked by the rules
 * core's area form as they are typed and by the server on save (区域编码不能重复, …).
 */
import { Form, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { AREA_ROOT, createArea, getArea, updateArea, type AreaForm, type AreaInfo } from '@/api/area';
import { EntityFormDialog } from '@/components/EntityFormDialog';
import { AreaSelect } from '@/widgets/pickers/AreaSelect';
import { CommonItems, NameCodeItems } from '@/components/entityItems';
import { NEW_COMMON, commonValues, commonWire, type CommonValues } from '@/components/entityValues';

export interface AreaValues extends CommonValues {
  /** The parent's id path as the picker holds it ([-1] for the top). */
  parentId: string[];
}

export interface AreaTarget {
  /** '' for a new area. */
  id: string;
  /** A new area's parent path, when it is added below a row. */
  parent?: string[];
}

export function areaToValues(info: AreaInfo | null, parent?: string[]): AreaValues {
  if (!info) return { parentId: parent ?? [], ...NEW_COMMON };
  return {
    parentId: [info.parentId || AREA_ROOT],
    ...commonValues(info),
  };
}

export function areaToWire(v: AreaValues): AreaForm {
  return {
    parentId: v.parentId?.[v.parentId.length - 1] ?? '',
    ...commonWire(v),
  };
}

interface Props {
  target: AreaTarget | null;
  form: FormInstance<AreaValues>;
  onClose(): void;
  onSaved(): void;
}

export function AreaDialog({ target, form, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const id = target?.id ?? '';
  return (
    <EntityFormDialog<AreaInfo, AreaValues> target={target} titles={[t('area.add'), t('area.edit')]} entity="area" form={form}
      api={{ get: getArea, create: createArea, update: updateArea }} toValues={(info) => areaToValues(info, target?.parent)}
      toWire={areaToWire} onClose={onClose} onSaved={onSaved} className="qm-area-form">
      {(rules) => (
        <>
          <Form.Item {...rules.item('parentId')} label={t('area.parent')}>
            <AreaSelect branches topNode level={3} currId={id || '0'} title={t('area.parent')} />
          </Form.Item>
          <NameCodeItems rules={rules} name={t('area.fullName')} code={t('area.enCode')} />
          <CommonItems rules={rules} />
        </>
      )}
    </EntityFormDialog>
  );
}
