// What the form engine's tests share: a form rendered as the app renders it (renderInApp), and
// its engine once the form has rendered — each test waits for its own form's (forgetEngine
// before each test).
import { useEffect } from 'react';
import { FormRenderer, useFormEngine, type FormDefinition, type FormEngine, type FormRecord, type ModelExtra } from '@/engine';
import { renderInApp } from './renderPage';

let current: FormEngine | null = null;

/** The engine of the form rendered last. */
export const engine = () => current as FormEngine;

/** Forgets the last form's engine. */
export function forgetEngine(): void {
  current = null;
}

/** Keeps `e` as the engine `engine()` answers after each render (a test's own harness). */
export function useKeptEngine(e: FormEngine): void {
  useEffect(() => {
    current = e;
  });
}

function Harness({ definition, record, model }: { definition: FormDefinition; record?: FormRecord; model?: ModelExtra }) {
  const e = useFormEngine(definition, record);
  useKeptEngine(e);
  return <FormRenderer engine={e} model={model} />;
}

/** The form of `definition` (with `record`, else a new one) in the app's providers. */
export function renderEngineForm(definition: FormDefinition, record?: FormRecord, model?: ModelExtra) {
  return renderInApp(<Harness definition={definition} record={record} model={model} />);
}
