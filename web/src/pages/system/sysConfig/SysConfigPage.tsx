/**
 * 系统配置 (spec 02 §7.11, SYS-002..009; jnpf-wire-areas.md §2.6), as JNPF has it:
 *
 * - 基本设置: the system's name and title (the login page and the browser tab), version (read
 *   only), copyright, description and icons (image addresses, with a preview);
 * - 安全设置: the session timeout, wrong passwords allowed and the lock time, the sign-in captcha
 *   and its length, the previous sign-in notice, the password policy and the forced change of
 *   the initial password;
 * - 第三方配置: the WeCom (企业微信) and DingTalk (钉钉) credentials with their connection tests
 *   (SYS-004), which test what is typed, secrets shown masked;
 * - 第三方同步: how far organisations and users are synced to each service, with 同步 (SYS-005..007);
 * - 超级管理员: the administrators, added with the user picker, removed per row, saved whole
 *   (SYS-008, SYS-009).
 *
 * One 保存 sends the settings of the first three tabs. Every field is checked by the rules core's
 * configuration form (`checkEntity('sysConfig', …)`), which the server checks the save with too;
 * the server's per-field messages are shown beside their fields, on their tab. Only an
 * administrator saves, tests, syncs and sets the administrators (the server refuses anyone
 * else); anyone else given the page reads the settings. Settings the server stores for the
 * JNPF client but does not act on are not offered (server/README.md "System configuration").
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Alert, App, Button, Checkbox, Form, Input, InputNumber, Space, Spin, Switch, Tabs } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { getSysConfig, saveSysConfig, testDingTalk, testWeCom } from '@/api/system';
import { useEntityRules } from '@/hooks/useEntityRules';
import { useUser } from '@/stores/user';
import { applyServerErrors } from '@/utils/formErrors';
import { AdminsPanel } from './AdminsPanel';
import { SyncPanel } from './SyncPanel';
import './sysConfig.css';
import { MESSAGE_SECONDS } from '@/app/toast';

type Values = Record<string, unknown>;
type FormTab = 'base' | 'security' | 'thirdParty';

const BASE = ['sysName', 'title', 'copyright', 'sysDescription', 'logoIcon', 'navigationIcon', 'loginIcon', 'workLogoIcon'];
const SECURITY = [
  'tokenTimeout',
  'passwordErrorsNumber',
  'lockTime',
  'enableVerificationCode',
  'verificationCodeNumber',
  'lastLoginTimeSwitch',
  'passwordStrengthLimit',
  'passwordLengthMin',
  'passwordLengthMinNumber',
  'containsNumbers',
  'includeLowercaseLetters',
  'includeUppercaseLetters',
  'containsCharacters',
  'mandatoryModificationOfInitialPassword',
  'newUserDefaultPassword',
];
const WECOM = ['qyhCorpId', 'qyhAgentId', 'qyhAgentSecret', 'qyhCorpSecret'];
const DINGTALK = ['dingSynAppKey', 'dingSynAppSecret', 'dingAgentId'];
const FIELDS: Record<FormTab, string[]> = { base: BASE, security: SECURITY, thirdParty: [...WECOM, ...DINGTALK] };

const tabOf = (field: string): FormTab | undefined => (Object.keys(FIELDS) as FormTab[]).find((tab) => FIELDS[tab].includes(field));
const pick = (values: Values, names: string[]) => Object.fromEntries(names.map((n) => [n, values[n] ?? '']));

/** A 0/1 setting as a switch or a checkbox. */
const flagProps = {
  valuePropName: 'checked',
  getValueProps: (v: unknown) => ({ checked: Number(v) === 1 }),
  normalize: (checked: boolean) => (checked ? 1 : 0),
};

export default function SysConfigPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const rules = useEntityRules('sysConfig', form);
  const isAdministrator = useUser((s) => Boolean(s.userInfo?.isAdministrator));
  const [tab, setTab] = useState<string>('base');
  const [loaded, setLoaded] = useState(false);
  const [version, setVersion] = useState('');
  const [saving, setSaving] = useState(false);
  const [testing, setTesting] = useState<string | null>(null);
  const captcha = Form.useWatch('enableVerificationCode', form);
  const strength = Form.useWatch('passwordStrengthLimit', form);
  const lengthMin = Form.useWatch('passwordLengthMin', form);
  const icons = Form.useWatch([], form) as Values | undefined;

  useEffect(() => {
    let alive = true;
    getSysConfig().then(
      ({ data }) => {
        if (!alive) return;
        form.setFieldsValue(pick(data ?? {}, [...BASE, ...SECURITY, ...(isAdministrator ? FIELDS.thirdParty : [])]));
        setVersion(String(data?.sysVersion ?? ''));
        setLoaded(true);
      },
      () => alive && setLoaded(true), // the HTTP client has said why
    );
    return () => {
      alive = false;
    };
  }, [form, isAdministrator]);

  const label = (name: string) => t(`sysConfig.${name}`);
  const text = (name: string, extra?: ReactNode) => (
    <Form.Item {...rules.item(name)} label={label(name)} extra={extra}>
      <Input maxLength={rules.maxLength(name)} allowClear />
    </Form.Item>
  );
  const secret = (name: string, test?: ReactNode) => (
    <Form.Item label={label(name)} required={false}>
      <Space.Compact block>
        <Form.Item {...rules.item(name)} noStyle>
          <Input.Password maxLength={rules.maxLength(name)} aria-label={label(name)} autoComplete="new-password" />
        </Form.Item>
        {test}
      </Space.Compact>
    </Form.Item>
  );
  const number = (name: string, unit: string, props: { disabled?: boolean; extra?: ReactNode } = {}) => (
    <Form.Item {...rules.item(name)} label={label(name)} extra={props.extra}>
      <InputNumber precision={0} style={{ width: 220 }} suffix={unit} disabled={props.disabled} aria-label={label(name)} />
    </Form.Item>
  );
  const flag = (name: string) => (
    <Form.Item {...rules.item(name)} {...flagProps} label={label(name)}>
      <Switch aria-label={label(name)} />
    </Form.Item>
  );
  const icon = (name: string) => (
    <Form.Item label={label(name)} required={false}>
      <div className="qm-sys-config-icon">
        <Form.Item {...rules.item(name)} noStyle>
          <Input maxLength={rules.maxLength(name)} placeholder={t('sysConfig.iconPlaceholder')} aria-label={label(name)} allowClear />
        </Form.Item>
        {typeof icons?.[name] === 'string' && icons[name] ? <img src={icons[name] as string} alt={t('sysConfig.iconPreview', { name: label(name) })} /> : null}
      </div>
    </Form.Item>
  );

  const save = async () => {
    const names = [...BASE, ...SECURITY, ...FIELDS.thirdParty];
    try {
      await form.validateFields(names);
    } catch (error) {
      const first = (error as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0]?.name[0];
      const where = typeof first === 'string' ? tabOf(first) : undefined;
      if (where) setTab(where);
      return;
    }
    setSaving(true);
    try {
      const res = await saveSysConfig(pick(form.getFieldsValue(true), names));
      void message.success(res.msg, MESSAGE_SECONDS);
      // The shell, the login page's cached title and the password checks follow at once.
      await useUser.getState().refreshSysConfig().catch(() => undefined);
    } catch (error) {
      const { applied } = applyServerErrors(form, error);
      const where = applied.map(tabOf).find(Boolean);
      if (where) setTab(where);
    } finally {
      setSaving(false);
    }
  };

  // A connection test checks what is typed (a masked secret stands for the stored one).
  const test = (key: string, call: () => Promise<{ msg: string }>) => {
    setTesting(key);
    call().then(
      (res) => {
        setTesting(null);
        void message.success(res.msg, MESSAGE_SECONDS);
      },
      (error: unknown) => {
        setTesting(null);
        applyServerErrors(form, error);
      },
    );
  };
  const testButton = (key: string, text: string, call: () => Promise<{ msg: string }>) =>
    isAdministrator ? (
      <Button loading={testing === key} disabled={testing !== null && testing !== key} onClick={() => test(key, call)}>
        {text}
      </Button>
    ) : null;
  const values = () => form.getFieldsValue(true) as Values;

  const base = (
    <>
      {text('sysName')}
      {text('title', t('sysConfig.titleHelp'))}
      <Form.Item label={label('sysVersion')}>
        <Input value={version} disabled aria-label={label('sysVersion')} />
      </Form.Item>
      {text('copyright')}
      <Form.Item {...rules.item('sysDescription')} label={label('sysDescription')}>
        <Input.TextArea maxLength={rules.maxLength('sysDescription')} rows={3} showCount />
      </Form.Item>
      {icon('logoIcon')}
      {icon('navigationIcon')}
      {icon('loginIcon')}
      {icon('workLogoIcon')}
    </>
  );

  const security = (
    <>
      <div className="qm-sys-config-section">{t('sysConfig.signIn')}</div>
      {number('tokenTimeout', t('sysConfig.minutes'), { extra: t('sysConfig.tokenTimeoutHelp') })}
      {number('passwordErrorsNumber', t('sysConfig.times'))}
      {number('lockTime', t('sysConfig.minutes'), { extra: t('sysConfig.lockHelp') })}
      {flag('enableVerificationCode')}
      {number('verificationCodeNumber', t('sysConfig.digits'), { disabled: Number(captcha) !== 1 })}
      {flag('lastLoginTimeSwitch')}
      <div className="qm-sys-config-section">{t('sysConfig.passwordPolicy')}</div>
      {flag('passwordStrengthLimit')}
      {flag('passwordLengthMin')}
      {number('passwordLengthMinNumber', t('sysConfig.digits'), { disabled: Number(strength) !== 1 || Number(lengthMin) !== 1 })}
      <Form.Item label={t('sysConfig.passwordContains')}>
        <Space wrap>
          {['containsNumbers', 'includeLowercaseLetters', 'includeUppercaseLetters', 'containsCharacters'].map((name) => (
            <Form.Item key={name} {...rules.item(name)} {...flagProps} noStyle>
              <Checkbox disabled={Number(strength) !== 1}>{label(name)}</Checkbox>
            </Form.Item>
          ))}
        </Space>
      </Form.Item>
      {flag('mandatoryModificationOfInitialPassword')}
      {/* The JNPF server's 新用户默认密码 (issue 25): shown to administrators only. */}
      {isAdministrator && (
        <Form.Item {...rules.item('newUserDefaultPassword')} label={label('newUserDefaultPassword')} extra={t('sysConfig.newUserDefaultPasswordHelp')}>
          <Input.Password maxLength={rules.maxLength('newUserDefaultPassword')} style={{ width: 220 }} autoComplete="new-password" aria-label={label('newUserDefaultPassword')} />
        </Form.Item>
      )}
    </>
  );

  const thirdParty = (
    <div className="qm-sys-config-cards">
      <div>
        <div className="qm-sys-config-section">{t('sysConfig.wecom')}</div>
        {text('qyhCorpId')}
        {text('qyhAgentId')}
        {secret('qyhAgentSecret', testButton('wecom0', t('sysConfig.testConnect'), () => testWeCom(0, pick(values(), WECOM))))}
        {secret('qyhCorpSecret', testButton('wecom1', t('sysConfig.testSync'), () => testWeCom(1, pick(values(), WECOM))))}
      </div>
      <div>
        <div className="qm-sys-config-section">{t('sysConfig.dingtalk')}</div>
        {text('dingSynAppKey')}
        {secret('dingSynAppSecret')}
        {text('dingAgentId')}
        <Form.Item>{testButton('ding', t('sysConfig.testDing'), () => testDingTalk(pick(values(), DINGTALK)))}</Form.Item>
      </div>
      <Alert className="qm-sys-config-note" type="info" showIcon title={t('sysConfig.secretHelp')} />
    </div>
  );

  // The settings' tabs stay rendered, so 保存 checks and sends every field of them.
  const formTab = (key: FormTab, title: string, body: ReactNode) => ({
    key,
    label: title,
    forceRender: true,
    children: <div className="qm-sys-config-form">{body}</div>,
  });
  const items = [
    formTab('base', t('sysConfig.tabBase'), base),
    formTab('security', t('sysConfig.tabSecurity'), security),
    ...(isAdministrator
      ? [
          formTab('thirdParty', t('sysConfig.tabThirdParty'), thirdParty),
          { key: 'sync', label: t('sysConfig.tabSync'), children: <SyncPanel /> },
          { key: 'admins', label: t('sysConfig.tabAdmins'), children: <AdminsPanel /> },
        ]
      : []),
  ];
  const onFormTab = tab === 'base' || tab === 'security' || tab === 'thirdParty';

  return (
    <div className="qm-sys-config">
      {!isAdministrator && <Alert className="qm-sys-config-note" type="warning" showIcon title={t('sysConfig.adminOnly')} />}
      <Spin spinning={!loaded}>
        <Form form={form} layout="horizontal" labelCol={{ flex: '160px' }} labelWrap wrapperCol={{ flex: 'auto' }} disabled={!isAdministrator}>
          <Tabs
            activeKey={tab}
            onChange={setTab}
            items={items}
            tabBarExtraContent={
              isAdministrator && onFormTab ? (
                <Button type="primary" icon={<SaveOutlined />} loading={saving} disabled={!loaded} onClick={() => void save()}>
                  {t('common.save')}
                </Button>
              ) : null
            }
          />
        </Form>
      </Spin>
    </div>
  );
}
