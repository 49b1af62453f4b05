/**
 * The rows of the chunked uploader (spec 02 §2.11, §4.6; FILE-028..034): name, size, status,
 * progress and speed, and the actions pause, resume, retry and remove — each shown only in the
 * states that allow it (`canDo`).
 */
import { Button, Progress, Tooltip } from 'antd';
import { CloseOutlined, PauseOutlined, CaretRightOutlined, RedoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useCore } from '@/hooks/useCore';
import { canDo, type ChunkAction, type ChunkRow } from './chunkUpload';

const ACTIONS: { action: ChunkAction; icon: React.ReactNode }[] = [
  { action: 'pause', icon: <PauseOutlined /> },
  { action: 'resume', icon: <CaretRightOutlined /> },
  { action: 'retry', icon: <RedoOutlined /> },
  { action: 'remove', icon: <CloseOutlined /> },
];

export function ChunkList({ rows, onAction }: { rows: ChunkRow[]; onAction(id: number, action: ChunkAction): void }) {
  const { t } = useTranslation();
  const core = useCore();
  if (!rows.length) return null;
  const size = (bytes: number) => (core ? core.fileSizeText(bytes) : '');
  return (
    <ul className="qm-chunk-list" aria-label={t('upload.list')}>
      {rows.map((row) => (
        <li key={row.id} className={`qm-chunk-row qm-chunk-${row.status}`} data-status={row.status}>
          <div className="qm-chunk-head">
            <span className="qm-chunk-name" title={row.name}>
              {row.name}
            </span>
            <span className="qm-chunk-size">{size(row.size)}</span>
            <span className="qm-chunk-status">
              {row.status === 'error' && row.error ? `${t('upload.status.error')}：${row.error}` : t(`upload.status.${row.status}`)}
            </span>
            {row.status === 'uploading' && row.speed > 0 && <span className="qm-chunk-speed">{t('upload.speed', { speed: size(Math.round(row.speed)) })}</span>}
            <span className="qm-chunk-actions">
              {ACTIONS.filter(({ action }) => canDo(action, row.status)).map(({ action, icon }) => (
                <Tooltip key={action} title={t(`upload.actions.${action}`)}>
                  <Button type="text" size="small" icon={icon} aria-label={t(`upload.actions.${action}`)} onClick={() => onAction(row.id, action)} />
                </Tooltip>
              ))}
            </span>
          </div>
          <Progress
            percent={Math.floor(row.progress * 1000) / 10}
            size="small"
            status={row.status === 'error' ? 'exception' : row.status === 'success' ? 'success' : row.status === 'uploading' || row.status === 'checking' ? 'active' : 'normal'}
          />
        </li>
      ))}
    </ul>
  );
}
