/**
 * The low-code form engine (issue 13, web half): renders a JNPF formData definition as a
 * working form, checked by the rules core as the user types, and shows records read-only.
 *
 * How a runtime page uses it:
 *
 *   const form = readFormData(config.formData);            // JSON text or JSON
 *   // form permission on: restrictForm(form, (name) => core.hasFormField(permissionList, modelId, name)),
 *   // and recordForSave(restricted, r, form) sends none of the fields not granted
 *   const engine = useFormEngine(form!, record);            // record: {} to create, the info answer's data to edit
 *   <FormPopup open title engine={engine} onClose={…}
 *     onSubmit={(r) => createRecord(modelId, recordForSave(form!, r))} />   // rejects → field messages shown
 *   // or inline: <FormRenderer engine={engine} /> and `await engine.validate()` before saving,
 *   //            `engine.showServerMessages(error)` after a refused save.
 *   <DetailViewer formData={config.formData} record={dataChange.data} />   // the detail view, inline
 *   <DetailPopup open title formData={config.formData} record={dataChange.data} onClose={…} onPrint={…} />
 */
export { readFormData, initialRecord, parsePart, valueFields, restrictForm, SYSTEM_KEYS, type Field, type FormDefinition, type FormRecord } from './definition';
export { type ModelExtra, EngineContext } from './context';
// One value widget by jnpfKey, for screens drawing a definition's field outside a form (a list's search fields).
export { Widget } from './widgets';
export { useFormEngine, cellKey, type FormEngine, type ShownMessages } from './useFormEngine';
export { type FormRendererProps } from './FormRenderer';
export { type DetailViewerProps } from './DetailViewer';
// The form and the viewer with related records provided (RelatedContext), as pages use them.
export { FormRenderer, DetailViewer, FormPopup, DetailPopup, RelatedDetail, RelatedRecords, popupTypeOf, type FormPopupProps, type DetailPopupProps, type PopupType } from './FormPopup';
export { recordForSave } from './save';
