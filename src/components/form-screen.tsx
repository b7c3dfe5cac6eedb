import type { LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Breadcrumb } from './breadcrumb.tsx';
import { Card } from './card.tsx';
import { CloseLink } from './close-link.tsx';

type Props = {
  /** The list the screen belongs to: its crumb, between Dashboard and the title. */
  list: { label: string; to: LinkProps['to'] };
  /** The breadcrumb's last crumb and the card's heading. */
  title: string;
  /** The form. */
  children: ReactNode;
  /** What the screen shows under the form's card: an edit screen's record audit. */
  below?: ReactNode;
};

/** An add or edit screen (and the import): breadcrumb, the titled card with its close link, the form. */
export function FormScreen({ list, title, children, below }: Props) {
  return (
    <>
      <Breadcrumb items={[{ label: 'Dashboard', to: '/' }, list, { label: title }]} />
      <Card title={title} actions={<CloseLink />}>
        {children}
      </Card>
      {below && <div className="mt-4">{below}</div>}
    </>
  );
}
