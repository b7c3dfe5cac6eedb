import { z } from 'zod/mini';
import type { CallReply } from '#src/contract/calls.ts';
import { twoFactorLevels, type TwoFactorLevel } from '#src/contract/settings.ts';
import { SelectInput, TextAreaInput, TextInput } from '#src/components/form/bound-fields.tsx';
import { editMode } from '#src/components/form/form-mode.ts';
import { WriteForm } from '#src/components/form/write-form.tsx';
import { requiredChoice } from '#src/lib/form-schemas.ts';
import { settingsKey } from './api.ts';

type SettingsDetail = CallReply<'settings'>['settings'];

const levelLabels: Record<TwoFactorLevel, string> = { 0: 'Nobody', 1: 'Admins', 2: 'Admins and managers', 3: 'Everyone' };
const levelOptions = twoFactorLevels.map((level) => ({ value: level, label: levelLabels[level] }));

// Every text may be empty; the server checks lengths and characters and answers under the fields.
const settingsSchema = z.object({
  companyName: z.string(),
  companyAddress: z.string(),
  companyPhone: z.string(),
  quoteTerms: z.string(),
  twoFactorRequiredLevel: z.pipe(requiredChoice('Please select who signs in with a second factor.'), z.transform(Number)),
});

// The settings are one record with no id of its own; editMode's id is never sent.
const editSettings = (settings: SettingsDetail) =>
  editMode({
    call: 'settings/update',
    record: { id: 1, version: settings.version },
    schema: settingsSchema,
    defaultValues: { ...settings, twoFactorRequiredLevel: String(settings.twoFactorRequiredLevel) },
    body: ({ version, companyName, companyAddress, companyPhone, quoteTerms, twoFactorRequiredLevel }) => ({
      companyName,
      companyAddress,
      companyPhone,
      quoteTerms,
      twoFactorRequiredLevel,
      version,
    }),
  });

/** The company's name, address, phone and quote terms, and who must sign in with a second factor. */
export function SettingsForm({ settings }: { settings: SettingsDetail }) {
  return (
    <WriteForm mode={editSettings(settings)} invalidates={[settingsKey]}>
      <div className="grid gap-x-4 md:grid-cols-2">
        <TextInput name="companyName" label="Company name" autoComplete="organization" />
        <TextInput name="companyPhone" label="Company phone" type="tel" autoComplete="tel" />
      </div>
      <TextAreaInput name="companyAddress" label="Company address" autoComplete="street-address" />
      <TextAreaInput name="quoteTerms" label="Quote terms" rows={6} />
      <SelectInput name="twoFactorRequiredLevel" label="Two-factor sign-in required for" placeholder="Select who" options={levelOptions} />
    </WriteForm>
  );
}
