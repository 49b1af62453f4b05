/** Every problem of a refused release at once: where, which field, what (the core's message). */
import { Button, Modal, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReleaseProblem } from '@/api/visualdev';
import { coreText } from '@/i18n';

export function ProblemTable({ problems }: { problems: ReleaseProblem[] }) {
  const { t } = useTranslation();
  return (
    <Table<ReleaseProblem & { n: number }>
      className="qm-release-problems"
      size="small"
      rowKey="n"
      pagination={false}
      dataSource={problems.map((p, n) => ({ ...p, n }))}
      columns={[
        { key: 'n', title: t('common.index'), width: 60, render: (_, p) => p.n + 1 },
        { key: 'field', title: t('model.problemField'), dataIndex: 'field', width: 180 },
        { key: 'text', title: t('model.problemText'), render: (_, p) => coreText(p) },
        { key: 'path', title: t('model.problemPath'), dataIndex: 'path', width: 220, ellipsis: true },
      ]}
    />
  );
}

/**
 * The refused release's problems; with `onDesign`, 在设计器中修改 opens the model's designer, where
 * core's check shows the same form and list problems on their widgets (a click selects one).
 */
export function ReleaseProblems({ problems, onClose, onDesign }: { problems: ReleaseProblem[] | null; onClose(): void; onDesign?(): void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={!!problems}
      title={t('model.releaseProblems', { count: problems?.length ?? 0 })}
      width={900}
      onCancel={onClose}
      footer={
        onDesign ? (
          <Button type="primary" onClick={onDesign}>
            {t('model.openDesigner')}
          </Button>
        ) : null
      }
    >
      {problems && <ProblemTable problems={problems} />}
    </Modal>
  );
}
