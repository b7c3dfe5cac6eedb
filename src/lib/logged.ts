/** Failed list and variables reads are only logged (docs/product.md §8); the screen stays as it is. */
export async function loggedRead<T>(what: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    console.error(`Could not load ${what}`, error);
    throw error;
  }
}
