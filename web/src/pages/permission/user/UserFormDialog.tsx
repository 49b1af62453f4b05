/**
 * 新建用户 / 编辑用户 (jnpf-wire-areas.md §1.1): the user form in two columns. Every field the
 * rules core knows (account, name, gender, organisations, e-mail, phones, …: core/src/entity.rs
 * `user`) is checked by it as typed and on 确定; the server checks again and its per-field
 * refusals (账户已存在, 岗位不属于所选组织, 角色不属于所选组织, 直属主管不能是自己, …) stand under the
 * fields. The organisations are id paths from the organisation picker (multiple, what the
 * caller manages); the positions and roles offered are those of the chosen organisations
 * (Position/getListByOrgIds, Role/getListByOrgIds) — global roles fit anyone — and choosing
 * other organisations drops what no longer fits. The groups are picked with the group picker
 * (GroupSelect, multiple) and sent as comma-separated ids (groupId, as the server answers them;
 * an unknown group is refused under the field). The manager is picked with the user picker,
 * the gender from the sex dictionary, nation, certificate type and education as dictionary item
 * ids; dates travel as epoch ms.
 */
import { inZone, wallMs } from '@/utils/clock';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Col, Form, Input, InputNumber, Row, Select, Switch, type FormInstance } from 'antd';
import { DatePicker } from '@/components/zonedPickers';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { getPositionsByOrganizations, type OptionGroup } from '@/api/position';
import { GLOBAL_ROLE_NODE, getRoleSelector, getRolesByOrganizations } from '@/api/role';
import { createUser, getUser, updateUser, type UserDetail, type UserForm } from '@/api/users';
import type { Envelope } from '@/api/request';
import { EntityFormDialog } from '@/components/EntityFormDialog';
import { useDictionary } from '@/hooks/useDictionary';
import { ComSelect } from '@/widgets/pickers/ComSelect';
import { GroupSelect } from '@/widgets/pickers/GroupSelect';
import { UserSelect } from '@/widgets/pickers/UserSelect';

/** The user form is two columns wide. */
export const USER_FORM_WIDTH = 800;

export interface UserValues {
  account: string;
  realName: string;
  gender?: string;
  /** One id path per organisation. */
  organizeIdTree: string[][];
  positionId: string[];
  roleId: string[];
  groupId: string[];
  managerId: string;
  email: string;
  mobilePhone: string;
  telePhone: string;
  landline: string;
  /** Epoch ms or null. */
  birthday: number | null;
  entryDate: number | null;
  nation?: string;
  nativePlace: string;
  certificatesType?: string;
  certificatesNumber: string;
  education?: string;
  urgentContacts: string;
  urgentTelePhone: string;
  postalAddress: string;
  sortCode: number | null;
  enabledMark: number;
  description: string;
}

const csv = (text: string | null | undefined) => (text ? text.split(',').filter(Boolean) : []);
const orNull = (v: string | undefined | null) => (v ? v : undefined);

export function toValues(info: UserDetail | null, newPath: string[]): UserValues {
  if (!info)
    return {
      account: '',
      realName: '',
      gender: undefined,
      organizeIdTree: newPath.length ? [newPath] : [],
      positionId: [],
      roleId: [],
      groupId: [],
      managerId: '',
      email: '',
      mobilePhone: '',
      telePhone: '',
      landline: '',
      birthday: null,
      entryDate: null,
      nation: undefined,
      nativePlace: '',
      certificatesType: undefined,
      certificatesNumber: '',
      education: undefined,
      urgentContacts: '',
      urgentTelePhone: '',
      postalAddress: '',
      sortCode: 0,
      enabledMark: 1,
      description: '',
    };
  return {
    account: info.account,
    realName: info.realName,
    gender: orNull(info.gender),
    organizeIdTree: info.organizeIdTree ?? [],
    positionId: csv(info.positionId),
    roleId: csv(info.roleId),
    groupId: csv(info.groupId),
    managerId: info.managerId ?? '',
    email: info.email,
    mobilePhone: info.mobilePhone,
    telePhone: info.telePhone,
    landline: info.landline,
    birthday: info.birthday ?? null,
    entryDate: info.entryDate ?? null,
    nation: orNull(info.nation),
    nativePlace: info.nativePlace,
    certificatesType: orNull(info.certificatesType),
    certificatesNumber: info.certificatesNumber,
    education: orNull(info.education),
    urgentContacts: info.urgentContacts,
    urgentTelePhone: info.urgentTelePhone,
    postalAddress: info.postalAddress,
    sortCode: info.sortCode,
    enabledMark: info.enabledMark,
    description: info.description,
  };
}

const trim = (v: string | undefined | null) => (v ?? '').trim();

export function toWire(v: UserValues): UserForm {
  return {
    account: trim(v.account),
    realName: trim(v.realName),
    gender: v.gender ?? '',
    organizeIdTree: v.organizeIdTree ?? [],
    positionId: (v.positionId ?? []).join(','),
    roleId: (v.roleId ?? []).join(','),
    groupId: (v.groupId ?? []).join(','),
    managerId: v.managerId ?? '',
    email: trim(v.email),
    mobilePhone: trim(v.mobilePhone),
    telePhone: trim(v.telePhone),
    landline: trim(v.landline),
    birthday: v.birthday ?? null,
    entryDate: v.entryDate ?? null,
    nation: v.nation ?? '',
    nativePlace: trim(v.nativePlace),
    certificatesType: v.certificatesType ?? '',
    certificatesNumber: trim(v.certificatesNumber),
    education: v.education ?? '',
    urgentContacts: trim(v.urgentContacts),
    urgentTelePhone: trim(v.urgentTelePhone),
    postalAddress: trim(v.postalAddress),
    sortCode: v.sortCode ?? 0,
    enabledMark: v.enabledMark,
    description: v.description ?? '',
  };
}

type Options = { label: string; title: string; options: { value: string; label: string }[] }[];

/** Groups of the select, each option once (a role bound to two chosen organisations). */
function toOptions(groups: OptionGroup[]): Options {
  const seen = new Set<string>();
  return groups
    .map((g) => ({
      label: g.fullName,
      title: g.fullName,
      options: g.children.filter((c) => !seen.has(c.id) && seen.add(c.id)).map((c) => ({ value: c.id, label: c.fullName })),
    }))
    .filter((g) => g.options.length > 0);
}

/**
 * The positions and roles of the chosen organisations. When they arrive, what was picked and
 * is no longer offered is dropped (the organisations changed); a failed load drops nothing.
 */
function Memberships({ form }: { form: FormInstance<UserValues> }) {
  const { t } = useTranslation();
  const paths = Form.useWatch('organizeIdTree', form) as string[][] | undefined;
  const ids = useMemo(() => [...new Set((paths ?? []).map((p) => p[p.length - 1]).filter(Boolean))], [paths]);
  const idsKey = ids.join(',');
  const [positions, setPositions] = useState<Options>([]);
  const [roles, setRoles] = useState<Options>([]);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    let alive = true;
    const organizeIds = idsKey ? idsKey.split(',') : [];
    setLoading(true);
    const global = getRoleSelector().then(({ data }) => data.list.filter((n) => n.id === GLOBAL_ROLE_NODE).flatMap((n) => n.children ?? []).filter((n) => n.type === 'role'));
    Promise.all([
      organizeIds.length ? getPositionsByOrganizations(organizeIds).then(({ data }) => data.list) : Promise.resolve([]),
      // The server answers the global roles first too (for the JNPF client); here they come
      // from the selector, also when no organisation is chosen.
      organizeIds.length ? getRolesByOrganizations(organizeIds).then(({ data }) => data.list.filter((g) => g.id !== GLOBAL_ROLE_NODE)) : Promise.resolve([]),
      global,
    ]).then(
      ([p, r, g]) => {
        if (!alive) return;
        const pos = toOptions(p);
        const rol = toOptions([...(g.length ? [{ id: GLOBAL_ROLE_NODE, fullName: t('user.globalRoles'), children: g.map((n) => ({ id: n.id, fullName: n.fullName })) }] : []), ...r]);
        setPositions(pos);
        setRoles(rol);
        setLoading(false);
        // Only an answer for the organisations the form holds now may drop a pick: the form's
        // values may have arrived (an edit's record) after this was asked for.
        const now = ((form.getFieldValue('organizeIdTree') as string[][] | undefined) ?? []).map((p) => p[p.length - 1]).filter(Boolean);
        if ([...new Set(now)].join(',') !== idsKey) return;
        const offered = (o: Options) => new Set(o.flatMap((x) => x.options.map((y) => y.value)));
        const [okPos, okRole] = [offered(pos), offered(rol)];
        const keep = (name: 'positionId' | 'roleId', ok: Set<string>) => {
          const now = (form.getFieldValue(name) as string[] | undefined) ?? [];
          if (now.some((id) => !ok.has(id))) form.setFieldValue(name, now.filter((id) => ok.has(id)));
        };
        keep('positionId', okPos);
        keep('roleId', okRole);
      },
      () => alive && setLoading(false),
    );
    return () => {
      alive = false;
    };
  }, [idsKey, form, t]);

  const hint = ids.length ? undefined : t('user.chooseOrganizeFirst');
  return (
    <>
      <Col span={24}>
        <Form.Item name="positionId" label={t('user.position')} extra={hint}>
          <Select mode="multiple" allowClear loading={loading} options={positions} placeholder={t('picker.placeholder')} optionFilterProp="label" />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="roleId" label={t('user.role')} extra={hint}>
          <Select mode="multiple" allowClear loading={loading} options={roles} placeholder={t('picker.placeholder')} optionFilterProp="label" />
        </Form.Item>
      </Col>
    </>
  );
}

/** A date held in the form as epoch ms (the core reads plain values), shown as a date. */
const dateProps = {
  getValueProps: (v: number | null | undefined) => ({ value: v ? inZone(v) : null }),
  normalize: (d: dayjs.Dayjs | null) => (d ? wallMs(d.format('YYYY-MM-DD')) : null),
};

interface Props {
  target: { id: string } | null;
  /** A new user starts in the organisation chosen on the left. */
  newPath: string[];
  onClose(): void;
  /** `created`: the new user's account and initial password (shown once). */
  onSaved(created: { account: string; password: string } | null): void;
}

export function UserFormDialog({ target, newPath, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<UserValues>();
  const sex = useDictionary('sex');
  const nations = useDictionary('Nation');
  const certificates = useDictionary('certificateType');
  const educations = useDictionary('Education');
  const editing = Boolean(target?.id);

  // What was sent, to name the new user beside its initial password.
  const sent = useRef<UserForm>({});
  const saved = (res: Envelope<unknown>) => {
    const data = res.data as { initialPassword?: string } | null;
    onSaved(!editing && data?.initialPassword ? { account: String(sent.current.account ?? ''), password: data.initialPassword } : null);
  };

  return (
    <EntityFormDialog<UserDetail, UserValues> target={target} titles={[t('user.add'), t('user.edit')]} entity="user" form={form}
      width={USER_FORM_WIDTH} api={{ get: getUser, create: createUser, update: updateUser }}
      toValues={(info) => toValues(info, newPath)} toWire={(v) => (sent.current = toWire(v))} onClose={onClose} onSaved={saved}
      className="qm-user-form">
      {(rules) => (
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item {...rules.item('account')} label={t('user.account')}>
              <Input maxLength={rules.maxLength('account')} placeholder={t('user.account')} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item {...rules.item('realName')} label={t('user.realName')}>
              <Input maxLength={rules.maxLength('realName')} placeholder={t('user.realName')} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item {...rules.item('gender')} label={t('user.gender')}>
              <Select allowClear placeholder={t('picker.placeholder')} options={sex.map((i) => ({ value: i.enCode, label: i.fullName }))} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="managerId" label={t('user.manager')}>
              <UserSelect placeholder={t('picker.placeholder')} title={t('user.chooseManager')} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item {...rules.item('organizeIdTree')} label={t('user.organize')}>
              <ComSelect multiple auth placeholder={t('picker.placeholder')} />
            </Form.Item>
          </Col>
          <Memberships form={form} />
          <Col span={24}>
            <Form.Item name="groupId" label={t('authorize.userGroup')}>
              <GroupSelect multiple placeholder={t('picker.placeholder')} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item {...rules.item('mobilePhone')} label={t('user.mobilePhone')}>
              <Input maxLength={rules.maxLength('mobilePhone')} placeholder={t('user.mobilePhone')} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item {...rules.item('email')} label={t('user.email')}>
              <Input maxLength={rules.maxLength('email')} placeholder={t('user.email')} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item {...rules.item('telePhone')} label={t('user.telePhone')}>
              <Input maxLength={rules.maxLength('telePhone')} placeholder={t('user.telePhone')} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item {...rules.item('landline')} label={t('user.landline')}>
              <Input maxLength={rules.maxLength('landline')} placeholder={t('user.landline')} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="birthday" label={t('user.birthday')} {...dateProps}>
              <DatePicker style={{ width: '100%' }} placeholder={t('user.birthday')} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="entryDate" label={t('user.entryDate')} {...dateProps}>
              <DatePicker style={{ width: '100%' }} placeholder={t('user.entryDate')} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="nation" label={t('user.nation')}>
              <Select allowClear showSearch optionFilterProp="label" placeholder={t('picker.placeholder')} options={nations.map((i) => ({ value: i.id, label: i.fullName }))} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item {...rules.item('nativePlace')} label={t('user.nativePlace')}>
              <Input maxLength={rules.maxLength('nativePlace')} placeholder={t('user.nativePlace')} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="certificatesType" label={t('user.certificatesType')}>
              <Select allowClear placeholder={t('picker.placeholder')} options={certificates.map((i) => ({ value: i.id, label: i.fullName }))} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item {...rules.item('certificatesNumber')} label={t('user.certificatesNumber')}>
              <Input maxLength={rules.maxLength('certificatesNumber')} placeholder={t('user.certificatesNumber')} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="education" label={t('user.education')}>
              <Select allowClear placeholder={t('picker.placeholder')} options={educations.map((i) => ({ value: i.id, label: i.fullName }))} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item {...rules.item('urgentContacts')} label={t('user.urgentContacts')}>
              <Input maxLength={rules.maxLength('urgentContacts')} placeholder={t('user.urgentContacts')} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item {...rules.item('urgentTelePhone')} label={t('user.urgentTelePhone')}>
              <Input maxLength={rules.maxLength('urgentTelePhone')} placeholder={t('user.urgentTelePhone')} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item {...rules.item('postalAddress')} label={t('user.postalAddress')}>
              <Input maxLength={rules.maxLength('postalAddress')} placeholder={t('user.postalAddress')} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="sortCode" label={t('manage.sortCode')}>
              <InputNumber min={0} max={999999} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="enabledMark" label={t('manage.state')} getValueProps={(v) => ({ checked: v === 1 })} normalize={(v: boolean) => (v ? 1 : 0)}>
              <Switch />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item {...rules.item('description')} label={t('manage.description')}>
              <Input.TextArea rows={3} maxLength={rules.maxLength('description')} />
            </Form.Item>
          </Col>
        </Row>
      )}
    </EntityFormDialog>
  );
}
