/**
 * 数据连接 of a menu's 列表权限, 表单权限 and 数据权限 (ModuleDataAuthorizeLink,
 * jnpf-wire-areas.md §1.8): which tables of the platform database (link '0', the only one so
 * far) the menu's fields of that kind are picked from — LinkDialog, saved with btn_edit; the
 * server checks each table (one it does not offer, or that does not exist, is refused with a
 * message shown under the field) —, and LinkFieldPicker, which lists the columns of the chosen
 * tables (a table at a time, a keyword, paged by the server) to add fields from. A column of
 * the first chosen table is a field of the main table (fieldRule 0), of any other a secondary
 * table's (1); both carry their table.
 */
import { useEffect, useState, type Key } from 'react';
import { App, Button, Empty, Form, Select, Space, Spin, Table } from 'antd';
import { FormModal } from '@/components/FormModal';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { KeywordInput } from '@/components/ListSearch';
import { getLinkFields, getLinkInfo, PLATFORM_LINK, saveLink, type LinkDataType, type LinkField } from '@/api/menu';
import { applyServerErrors } from '@/utils/formErrors';

/** The tables of a saved connection ('' → none). */
const tablesOf = (csv: string) =>
  csv
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

interface LinkProps {
  open: boolean;
  menuId: string;
  dataType: LinkDataType;
  onClose(): void;
  onSaved?(): void;
}

/** 数据连接: the platform database and the tables chosen of it. */
export function LinkDialog({ open, menuId, dataType, onClose, onSaved }: LinkProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ linkTables: string[] }>();
  // The saved tables; the form is shown once they came (a fresh form on each opening).
  const [saved, setSaved] = useState<string[] | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open || !menuId) return;
    let alive = true;
    setSaved(null);
    getLinkInfo(menuId, dataType).then(
      ({ data }) => alive && setSaved(tablesOf(data?.linkTables ?? '')),
      () => alive && onClose(),
    );
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opening
  }, [open, menuId, dataType]);

  const submit = async () => {
    const tables = ((form.getFieldValue('linkTables') as string[] | undefined) ?? []).map((s) => s.trim()).filter(Boolean);
    setSaving(true);
    try {
      const res = await saveLink(menuId, dataType, tables);
      void message.success(res.msg || t('profile.saved'), 1.5);
      onClose();
      onSaved?.();
    } catch (error) {
      applyServerErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormModal open={open} title={t('menuAdmin.dataLink')} className="qm-link-dialog" confirmLoading={saving}
      okButtonProps={{ disabled: saved === null }} onOk={submit} onCancel={onClose}>
      {saved === null ? (
        <Spin />
      ) : (
      <Form form={form} name="moduleLink" initialValues={{ linkTables: saved }} layout="horizontal" labelCol={{ flex: '100px' }} labelWrap wrapperCol={{ flex: 1 }} autoComplete="off">
        <Form.Item label={t('menuAdmin.linkDatabase')}>
          <Select value={PLATFORM_LINK} options={[{ value: PLATFORM_LINK, label: t('menuAdmin.platformDatabase') }]} aria-label={t('menuAdmin.linkDatabase')} />
        </Form.Item>
        <Form.Item name="linkTables" label={t('menuAdmin.linkTables')} extra={t('menuAdmin.linkTablesHint')}>
          <Select mode="tags" tokenSeparators={[',', ' ']} open={false} suffixIcon={null} placeholder={t('menuAdmin.linkTablesPlaceholder')} />
        </Form.Item>
      </Form>
      )}
    </FormModal>
  );
}

/** A column picked from a connected table. */
export interface PickedField {
  table: string;
  field: string;
  fieldName: string;
  /** 0 the main table (the first chosen), 1 a secondary one. */
  fieldRule: number;
}

interface PickerProps {
  open: boolean;
  menuId: string;
  dataType: LinkDataType;
  /** Several columns (列表权限, 表单权限) or one (数据权限, whose field has more to fill in). */
  multiple: boolean;
  onClose(): void;
  onPick(fields: PickedField[]): void | Promise<void>;
}

const PAGE_SIZE = 20;

/** 从数据表添加: the columns of the connection's tables, to pick fields from. */
export function LinkFieldPicker({ open, menuId, dataType, multiple, onClose, onPick }: PickerProps) {
  const { t } = useTranslation();
  const [tables, setTables] = useState<string[] | null>(null);
  const [table, setTable] = useState('');
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<LinkField[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [picked, setPicked] = useState<PickedField[]>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open || !menuId) return;
    let alive = true;
    setTables(null);
    setPicked([]);
    setTyped('');
    setKeyword('');
    setPage(1);
    getLinkInfo(menuId, dataType).then(
      ({ data }) => {
        if (!alive) return;
        const list = tablesOf(data?.linkTables ?? '');
        setTables(list);
        setTable(list[0] ?? '');
      },
      () => alive && setTables([]),
    );
    return () => {
      alive = false;
    };
  }, [open, menuId, dataType]);

  useEffect(() => {
    if (!open || !table) {
      setRows([]);
      setTotal(0);
      return;
    }
    let alive = true;
    setLoading(true);
    getLinkFields(PLATFORM_LINK, table, dataType, { keyword, currentPage: page, pageSize: PAGE_SIZE }).then(
      ({ data }) => {
        if (!alive) return;
        setRows(data?.list ?? []);
        setTotal(data?.pagination?.total ?? 0);
        setLoading(false);
      },
      () => alive && setLoading(false),
    );
    return () => {
      alive = false;
    };
  }, [open, table, keyword, page, dataType]);

  const keyOf = (tableName: string, field: string) => `${tableName}.${field}`;
  const ruleOf = (tableName: string) => (tables && tables[0] === tableName ? 0 : 1);
  const selectedKeys = picked.filter((p) => p.table === table).map((p) => keyOf(p.table, p.field));

  const choose = (keys: Key[], chosen: LinkField[]) => {
    const here = chosen.map((c) => ({ table, field: c.field, fieldName: c.fieldName, fieldRule: ruleOf(table) }));
    if (!multiple) {
      setPicked(here.slice(0, 1));
      return;
    }
    // Kept across pages and tables: this page's choice replaces this page's rows only.
    const onPage = new Set(rows.map((r) => keyOf(table, r.field)));
    const wanted = new Set(keys.map(String));
    const kept = picked.filter((p) => !onPage.has(keyOf(p.table, p.field)) || wanted.has(keyOf(p.table, p.field)));
    const added = here.filter((h) => !kept.some((k) => k.table === h.table && k.field === h.field));
    setPicked([...kept, ...added]);
  };

  const submit = async () => {
    setBusy(true);
    try {
      await onPick(picked);
    } finally {
      setBusy(false);
    }
  };

  const applyKeyword = () => {
    setKeyword(typed.trim());
    setPage(1);
  };

  return (
    <FormModal open={open} title={t('menuAdmin.pickFields')} width={640} className="qm-link-picker" confirmLoading={busy}
      okButtonProps={{ disabled: picked.length === 0 }} onOk={submit} onCancel={onClose}>
      {tables !== null && tables.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('menuAdmin.noLinkTables')} />
      ) : (
        <>
          <Space wrap style={{ marginBottom: 12 }}>
            <Select
              aria-label={t('menuAdmin.linkTable')}
              style={{ width: 200 }}
              value={table || undefined}
              options={(tables ?? []).map((name) => ({ value: name, label: name }))}
              onChange={(name: string) => {
                setTable(name);
                setPage(1);
              }}
            />
            <KeywordInput value={typed} onChange={setTyped} width={180} onSearch={applyKeyword} />
            <Button type="primary" icon={<SearchOutlined />} onClick={applyKeyword}>
              {t('common.search')}
            </Button>
          </Space>
          <Table<LinkField>
            rowKey={(r) => keyOf(table, r.field)}
            size="small"
            loading={loading}
            dataSource={rows}
            rowSelection={{ type: multiple ? 'checkbox' : 'radio', selectedRowKeys: selectedKeys, onChange: choose }}
            pagination={{ current: page, pageSize: PAGE_SIZE, total, showSizeChanger: false, onChange: setPage, size: 'small' }}
            columns={[
              { key: 'field', title: t('menuAdmin.fieldCode'), dataIndex: 'field', ellipsis: true },
              { key: 'fieldName', title: t('menuAdmin.fieldName'), dataIndex: 'fieldName', ellipsis: true },
            ]}
          />
          {multiple && <div className="qm-link-picked">{t('menuAdmin.fieldsPicked', { count: picked.length })}</div>}
        </>
      )}
    </FormModal>
  );
}
