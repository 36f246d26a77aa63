/** The regions of a calculator page (lib/calculators/live/ids.ts), for the components. */
export { FORM_ID, RESULTS_ID } from '@/lib/calculators/live/ids';
