/**
 * The company form (新建公司 / 编辑公司; jnpf-wire-areas.md §1.3): the parent company picked with
 * the organisation picker in its companies-only mode — what the caller manages, the edited
 * company and what is below it left out, and for administrators 顶级节点 (id -1, ORG-002) on
 * top; a top company is offered only 顶级节点 — then name, code, the details the client keeps
 * in propertyJson, sort, state and description. The rules core checks parent, name, code and
 * description as the server does; the founding date cannot lie in the future.
 */
import { inZone, now, wallMs } from '@/utils/clock';
import { Form, Input } from 'antd';
import { DatePicker } from '@/components/zonedPickers';
import { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { createCompany, getCompany, updateCompany, type CompanyForm, type CompanyInfo } from '@/api/organize';
import type { EntityRules } from '@/hooks/useEntityRules';
import { useUser } from '@/stores/user';
import { ComSelect, TOP_NODE_ID } from '@/widgets/pickers/ComSelect';
import { OrgDialog, type OrgDialogProps, type OrgKind } from './OrgDialog';
import { NEW_COMMON, commonValues, commonWire } from '@/components/entityValues';

/** The details of propertyJson the form edits (text fields), in its order. */
const DETAILS = ['shortName', 'telePhone', 'fax', 'webSite', 'address', 'managerName', 'managerMobilePhone', 'manageEmail'] as const;
type Detail = (typeof DETAILS)[number];

export type CompanyValues = {
  /** The parent's id path (['-1'] for a top company); the last id is sent. */
  parentId: string[];
  fullName: string;
  enCode: string;
  sortCode: number | null;
  enabledMark: number;
  description: string;
  foundedTime: Dayjs | null;
  businessscope: string;
  /** What the picker needs to know of the edited company. */
  id?: string;
  originalParentId?: string;
  /** Details the form does not show are kept as they were. */
  property?: Record<string, unknown>;
} & Partial<Record<Detail, string>>;

function parseProperty(text: string | null | undefined): Record<string, unknown> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const str = (v: unknown) => (typeof v === 'string' ? v : v == null ? '' : String(v));

function toValues(info: CompanyInfo | null): CompanyValues {
  if (!info) {
    return { parentId: [], ...NEW_COMMON, foundedTime: null, businessscope: '', property: {} };
  }
  const property = parseProperty(info.propertyJson);
  const founded = Number(property.foundedTime);
  return {
    id: info.id,
    originalParentId: info.parentId,
    parentId: info.organizeIdTree?.length ? info.organizeIdTree : info.parentId === TOP_NODE_ID ? [TOP_NODE_ID] : [],
    ...commonValues(info),
    foundedTime: property.foundedTime != null && Number.isFinite(founded) && founded > 0 ? inZone(founded) : null,
    businessscope: str(property.businessscope),
    property,
    ...Object.fromEntries(DETAILS.map((k) => [k, str(property[k])])),
  };
}

function toWire(v: CompanyValues): CompanyForm {
  const property = {
    ...(v.property ?? {}),
    ...Object.fromEntries(DETAILS.map((k) => [k, v[k] ?? ''])),
    businessscope: v.businessscope ?? '',
    foundedTime: v.foundedTime ? wallMs(v.foundedTime.format('YYYY-MM-DD')) : null,
  };
  return {
    parentId: v.parentId?.[v.parentId.length - 1] ?? '',
    ...commonWire(v),
    // The client sends the details as an object and reads them back as JSON text.
    propertyJson: property as unknown as CompanyForm['propertyJson'],
  };
}

/** The parent picker, told which company is edited (it and its subtree are not offered). */
function ParentField({ rules }: { rules: EntityRules }) {
  const { t } = useTranslation();
  const isAdministrator = useUser((s) => Boolean(s.userInfo?.isAdministrator));
  const id = Form.useWatch<string | undefined>('id') ?? '0';
  const originalParentId = Form.useWatch<string | undefined>('originalParentId');
  return (
    <Form.Item {...rules.item('parentId')} label={t('organize.parentCompany')}>
      <ComSelect isOnlyOrg auth currOrgId={id || '0'} parentId={originalParentId} topNode={isAdministrator} placeholder={t('picker.placeholder')} />
    </Form.Item>
  );
}

function CompanyFields() {
  const { t } = useTranslation();
  return (
    <>
      {DETAILS.map((k) => (
        <Form.Item key={k} name={k} label={t(`organize.${k}`)}>
          <Input maxLength={100} />
        </Form.Item>
      ))}
      <Form.Item name="foundedTime" label={t('organize.foundedTime')}>
        <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.format('YYYY-MM-DD') > now().format('YYYY-MM-DD')} />
      </Form.Item>
      <Form.Item name="businessscope" label={t('organize.businessscope')}>
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
    </>
  );
}

const COMPANY: OrgKind<CompanyInfo, CompanyValues> = {
  entity: 'company',
  keys: { add: 'organize.addCompany', edit: 'organize.editCompany', name: 'organize.companyName', code: 'organize.companyCode' },
  className: 'qm-company-form',
  load: getCompany,
  create: createCompany,
  update: updateCompany,
  toValues,
  toWire,
  Parent: ParentField,
  hidden: ['originalParentId'],
  Fields: CompanyFields,
};

export function CompanyDialog(props: OrgDialogProps<CompanyValues>) {
  return <OrgDialog kind={COMPANY} {...props} />;
}
