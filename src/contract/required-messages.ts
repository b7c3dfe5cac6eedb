/**
 * What a missing field says (docs/product.md §5), written once: the contract's schemas answer it in a 422,
 * and the app's forms show the same text before anything is sent.
 */
export const requiredMessages = {
  username: 'Please enter username.',
  password: 'Please enter password.',
  currentPassword: 'Please enter current password.',
  passwordConfirmation: 'Please confirm password.',
  name: 'Please enter name.',
  role: 'Please select role.',
  status: 'Please select status.',
  brandName: 'Please enter brand name.',
  brandImage: 'Please upload brand image.',
  brand: 'Please select brand.',
  seriesName: 'Please enter series name.',
  seriesImage: 'Please upload series image.',
  series: 'Please select series.',
  modelName: 'Please enter model name.',
  modelPriceUsd: 'Please enter model price in usd.',
  model: 'Please select model.',
  quantity: 'Please enter quantity.',
  tr: 'Please enter tr value.',
  exch: 'Please enter exch value.',
  fare: 'Please enter fare value.',
  duties: 'Please enter duties value.',
  profit: 'Please enter profit value.',
  /** The models list's EXCH box. */
  newExch: 'Please enter exch.',
} as const;
