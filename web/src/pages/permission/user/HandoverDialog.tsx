/**
 * 工作交接 (ORG-023; Users/getWorkByUser, Users/workHandover): what the user holds — roles,
 * positions, groups, the users they manage and the organisations they are manager of — and the
 * user picker for who takes it over. 确定 hands everything over in one transaction; the
 * server's refusal (请选择交接人, 交接人不能是本人, 交接人已被禁用, …) stands under the picker.
 */
import { useEffect, useState } from 'react';
import { App, Empty, Form, Spin, Tag } from 'antd';
import { FormModal } from '@/components/FormModal';
import { useTranslation } from 'react-i18next';
import { getWorkByUser, handOverWork, type UserWork } from '@/api/users';
import { applyServerErrors } from '@/utils/formErrors';
import { UserSelect } from '@/widgets/pickers/UserSelect';

interface Props {
  user: { id: string; name: string } | null;
  onClose(): void;
  onDone(): void;
}

const KINDS = ['role', 'position', 'group', 'subordinate', 'organize'] as const;

export function HandoverDialog({ user, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ handoverUser: string }>();
  const [work, setWork] = useState<UserWork | null>(null);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const id = user?.id ?? null;

  useEffect(() => {
    if (!id) return;
    let alive = true;
    setWork(null);
    setLoading(true);
    getWorkByUser(id).then(
      ({ data }) => {
        if (!alive) return;
        setWork(data);
        setLoading(false);
      },
      () => {
        if (!alive) return;
        setLoading(false);
        onClose(); // the HTTP client has said why
      },
    );
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opening
  }, [id]);

  const submit = async () => {
    if (!id) return;
    setSaving(true);
    try {
      const res = await handOverWork(id, form.getFieldValue('handoverUser') ?? '');
      void message.success(res.msg || t('manage.done'), 1.5);
      onClose();
      onDone();
    } catch (error) {
      applyServerErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  const held = work ? KINDS.filter((k) => work[k].length > 0) : [];
  return (
    <FormModal open={user !== null} title={t('user.handover')} className="qm-user-handover" confirmLoading={saving}
      okButtonProps={{ disabled: loading }} onOk={() => void submit()} onCancel={onClose}>
      <Spin spinning={loading}>
        <p>{t('user.handoverTip', { name: user?.name ?? '' })}</p>
        <div className="qm-user-work">
          {held.length ? (
            held.map((k) => (
              <div key={k} className="qm-user-work-kind">
                <div className="qm-user-work-head">{t(`user.work.${k}`)}</div>
                <div>
                  {work![k].map((i) => (
                    <Tag key={i.id}>{i.fullName}</Tag>
                  ))}
                </div>
              </div>
            ))
          ) : (
            !loading && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('user.noWork')} />
          )}
        </div>
        <Form form={form} name="handover" layout="horizontal" labelCol={{ flex: '100px' }} wrapperCol={{ flex: 1 }} preserve={false}>
          <Form.Item name="handoverUser" label={t('user.handoverUser')} required>
            <UserSelect placeholder={t('picker.placeholder')} title={t('user.chooseHandoverUser')} />
          </Form.Item>
        </Form>
      </Spin>
    </FormModal>
  );
}
