/**
 * The one form dialog of the organisation page, for a company and a department alike: the
 * record's id held (the parent picker leaves it and its subtree out), the parent picker, name
 * and code, the kind's own fields, then sort, state and description — each checked by the
 * rules core's rules of the kind (useEntityRules) as the server does.
 */
import type { ReactNode } from 'react';
import { Form, Input, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Envelope } from '@/api/request';
import type { EntityForm } from '@/core';
import { EntityFormDialog } from '@/components/EntityFormDialog';
import { CommonItems, NameCodeItems } from '@/components/entityItems';
import type { EntityRules } from '@/hooks/useEntityRules';

/** What makes a company's dialog differ from a department's. */
export interface OrgKind<Info, Values extends object> {
  entity: EntityForm;
  /** i18n keys of the titles, the name and code labels. */
  keys: { add: string; edit: string; name: string; code: string };
  className: string;
  load(id: string): Promise<Envelope<Info>>;
  create(body: never): Promise<Envelope<unknown>>;
  update(id: string, body: never): Promise<Envelope<unknown>>;
  toValues(info: Info | null): Values;
  toWire(values: Values): object;
  /** The parent picker. */
  Parent(props: { rules: EntityRules }): ReactNode;
  /** Hidden values the parent picker reads besides the id. */
  hidden?: string[];
  /** The kind's fields after name and code. */
  Fields?(): ReactNode;
}

export interface OrgDialogProps<Values> {
  target: { id: string } | null;
  form: FormInstance<Values>;
  onClose(): void;
  onSaved(): void;
}

export function OrgDialog<Info, Values extends object>({ kind, target, form, onClose, onSaved }: OrgDialogProps<Values> & { kind: OrgKind<Info, Values> }) {
  const { t } = useTranslation();
  const { Parent, Fields } = kind;
  return (
    <EntityFormDialog<Info, Values> target={target} titles={[t(kind.keys.add), t(kind.keys.edit)]} entity={kind.entity}
      form={form} api={{ get: kind.load, create: kind.create, update: kind.update }} toValues={kind.toValues} toWire={kind.toWire}
      onClose={onClose} onSaved={onSaved} className={kind.className}>
      {(rules) => (
        <>
          {['id', ...(kind.hidden ?? [])].map((name) => (
            <Form.Item key={name} name={name} hidden>
              <Input />
            </Form.Item>
          ))}
          <Parent rules={rules} />
          <NameCodeItems rules={rules} name={t(kind.keys.name)} code={t(kind.keys.code)} />
          {Fields && <Fields />}
          <CommonItems rules={rules} />
        </>
      )}
    </EntityFormDialog>
  );
}
