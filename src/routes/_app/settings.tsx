import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { guardScreen } from '#src/app/guard.tsx';
import { Breadcrumb } from '#src/components/breadcrumb.tsx';
import { Card } from '#src/components/card.tsx';
import { settingsQuery } from '#src/features/settings/api.ts';
import { SettingsForm } from '#src/features/settings/settings-form.tsx';

export const Route = createFileRoute('/_app/settings')({
  ...guardScreen('settings'),
  // As an edit screen: the form starts from the stored record, or the screen says the read failed.
  loader: ({ context }) => context.queryClient.ensureQueryData(settingsQuery),
  component: SettingsScreen,
});

function SettingsScreen() {
  const { data: settings } = useSuspenseQuery(settingsQuery);
  return (
    <>
      <Breadcrumb items={[{ label: 'Dashboard', to: '/' }, { label: 'Settings' }]} />
      <Card title="Settings">
        <SettingsForm settings={settings} />
      </Card>
    </>
  );
}
