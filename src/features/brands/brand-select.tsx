import { useSuspenseQuery } from '@tanstack/react-query';
import type { ChangeEvent } from 'react';
import { SelectInput } from '#src/components/form/bound-fields.tsx';
import { brandOptionsQuery } from './api.ts';

/**
 * The brand picker of the series and model forms. Their route loaders fetch the brands first, so
 * the select has its options (and an edit form its chosen brand) from the first render.
 */
export function BrandSelect({ name, onChange }: { name: string; onChange?: (event: ChangeEvent) => void }) {
  const { data: brands } = useSuspenseQuery(brandOptionsQuery);
  const options = brands.map((brand) => ({ value: brand.id, label: brand.brandName }));
  return <SelectInput name={name} label="Brand" placeholder="Select brand" options={options} onChange={onChange} />;
}
