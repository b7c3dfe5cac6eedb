import { redirect } from '@tanstack/react-router';
import { HTTPError } from 'ky';

/** An edit screen's record; a missing one (or an id that is not a number) sends the user to `/`. */
export async function loadDetailOrLeave<T>(id: number, load: () => Promise<T>): Promise<T> {
  if (!Number.isInteger(id) || id < 1) throw redirect({ to: '/' });
  try {
    return await load();
  } catch (error) {
    if (error instanceof HTTPError && (error.response.status === 404 || error.response.status === 422)) throw redirect({ to: '/' });
    throw error;
  }
}

export const idParam = {
  parse: (params: { id: string }) => ({ id: Number(params.id) }),
  stringify: ({ id }: { id: number }) => ({ id: String(id) }),
};
