/**
 * The app's management screens behind the pickers' add buttons (widgets/pickers/managers.ts):
 * the serial-number rule page's form for BillRuleSelect and the 数据字典 page for
 * DictionarySelect. Registered on import by the shell (layout/Layout.tsx), so the screens load
 * with the shell and not with the login page.
 */
import { Form } from 'antd';
import { ButtonScope } from '@/hooks/useButtons';
import { BillRuleDialog, type BillRuleValues } from '@/pages/system/billRule/BillRuleDialog';
import DictionaryPage from '@/pages/systemData/dictionary/DictionaryPage';
import { registerPickerManagers, type BillRuleManagerProps } from '@/widgets/pickers/managers';

/** The dictionary screen's menu address: its buttons apply inside the dialog. */
const DICTIONARY_ADDRESS = 'systemData/dictionary';

function BillRuleManager(props: BillRuleManagerProps) {
  const [form] = Form.useForm<BillRuleValues>();
  return <BillRuleDialog {...props} form={form} />;
}

function DictionaryManager() {
  return (
    <ButtonScope.Provider value={DICTIONARY_ADDRESS}>
      <DictionaryPage />
    </ButtonScope.Provider>
  );
}

registerPickerManagers({ billRule: BillRuleManager, dictionary: DictionaryManager });
