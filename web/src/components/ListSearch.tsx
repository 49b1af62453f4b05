/**
 * What every list screen shows around `useList`: the keyword box (Enter searches), 查询,
 * 重置 and 刷新, and the table's paging (total, sizes 20/50/100/500, pager, jumper), loading
 * and empty states.
 */
import { useState, type ReactNode } from 'react';
import { Button, Col, Empty, Input, Row, Space, Tooltip, type TableProps } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, type ListState } from '@/hooks/useList';
import './list.css';

/**
 * What the bar drives: a `useList`, or a screen's own keyword and reload (the lazy area tree,
 * the menu tree) shaped the same.
 */
export type SearchState = Pick<ListState<unknown, unknown>, 'keyword' | 'setKeyword' | 'search' | 'reset' | 'refresh' | 'loading'>;

/**
 * The bar's state for a screen that loads by itself (not `useList`): the typed keyword, and
 * `apply` given the trimmed keyword on 查询 or Enter and '' on 重置.
 */
export function useKeywordBar(apply: (keyword: string) => void, refresh: () => void, loading: boolean): SearchState {
  const [typed, setTyped] = useState('');
  return {
    keyword: typed,
    setKeyword: setTyped,
    search: (given?: string) => {
      if (given !== undefined) setTyped(given);
      apply((given ?? typed).trim());
    },
    reset: () => {
      setTyped('');
      apply('');
    },
    refresh,
    loading,
  };
}

interface Props {
  list: SearchState;
  /** The screen's own filter controls, before the buttons. */
  filters?: ReactNode;
  /** Actions on the right (新建, 导出, …), before 刷新. */
  actions?: ReactNode;
  className?: string;
  /**
   * The keyword box's share of the bar in a 24-column grid (the dictionary screen's search
   * grid is 6 of 24, DICT-010); without it the box is `keywordWidth` (240px) wide.
   */
  keywordSpan?: number;
  keywordWidth?: number;
  /** false: a list that takes no keyword (a menu's data-authorize fields): no box, 查询 or 重置. */
  searchable?: boolean;
}

export function ListSearch({ list, filters, actions, className, keywordSpan, keywordWidth = 240, searchable = true }: Props) {
  const { t } = useTranslation();
  const keyword = searchable && (
    <KeywordInput value={list.keyword} onChange={list.setKeyword} onSearch={() => list.search()} width={keywordSpan ? undefined : keywordWidth} />
  );
  const buttons = (
    <>
      {filters}
      {searchable && (
        <>
          <Button type="primary" icon={<SearchOutlined />} onClick={() => list.search()}>
            {t('common.search')}
          </Button>
          <Button onClick={list.reset}>{t('common.reset')}</Button>
        </>
      )}
    </>
  );
  const right = (
    <Space>
      {actions}
      <Tooltip title={t('common.refresh')}>
        <Button type="text" aria-label={t('common.refresh')} icon={<ReloadOutlined spin={list.loading} />} onClick={list.refresh} />
      </Tooltip>
    </Space>
  );
  if (keywordSpan) {
    return (
      <Row gutter={[8, 8]} align="middle" className={`qm-list-search qm-list-search-grid${className ? ` ${className}` : ''}`}>
        <Col span={keywordSpan} className="qm-list-search-keyword">
          {keyword}
        </Col>
        <Col flex="auto">
          <Space wrap>{buttons}</Space>
        </Col>
        <Col>{right}</Col>
      </Row>
    );
  }
  return (
    <div className={`qm-list-search${className ? ` ${className}` : ''}`}>
      <Space wrap>
        {keyword}
        {buttons}
      </Space>
      {right}
    </div>
  );
}

/** A table's empty state: "no data" (or what the screen says instead) once rows were asked for, nothing before. */
export function emptyLocale(loaded: boolean, t: (key: string) => string, description?: string) {
  return { emptyText: loaded ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description ?? t('common.noData')} /> : <span /> };
}

/** What an unpaged list or tree (useRows, a lazy tree) gives its table. */
export interface RowsState<T> {
  rows: T[];
  loading: boolean;
  loaded: boolean;
}

/** The antd Table's loading, rows and empty state of an unpaged list: all rows, no pager. */
export function rowsTableProps<T>(rows: RowsState<T>, t: (key: string) => string): Pick<TableProps<T>, 'loading' | 'dataSource' | 'pagination' | 'locale'> {
  return { loading: rows.loading, dataSource: rows.rows, pagination: false, locale: emptyLocale(rows.loaded, t) };
}

/** The antd Table's loading, rows, paging and empty state for a `useList`. */
export function listTableProps<T, F>(
  list: ListState<T, F>,
  t: (key: string, options?: Record<string, unknown>) => string,
): Pick<TableProps<T>, 'loading' | 'dataSource' | 'pagination' | 'locale'> {
  return {
    loading: list.loading,
    dataSource: list.list,
    // Before the first page arrives there is nothing to say yet, not "no data".
    locale: emptyLocale(list.loaded, t),
    pagination: {
      current: list.query.currentPage,
      pageSize: list.query.pageSize,
      total: list.total,
      pageSizeOptions: [...PAGE_SIZES],
      showSizeChanger: true,
      showQuickJumper: true,
      showTotal: (total) => t('common.total', { total }),
      onChange: (page, size) => list.changePage(page, size),
    },
  };
}

/** The keyword box: typed here, applied by Enter (or the bar's 查询). */
export function KeywordInput({ value, onChange, onSearch, width }: { value: string; onChange(value: string): void; onSearch(): void; width?: number }) {
  const { t } = useTranslation();
  return (
    <Input
      type="search"
      allowClear
      value={value}
      placeholder={t('common.keywordPlaceholder')}
      aria-label={t('common.keyword')}
      style={width ? { width } : undefined}
      onChange={(e) => onChange(e.target.value)}
      onPressEnter={onSearch}
    />
  );
}
