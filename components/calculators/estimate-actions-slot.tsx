/** The result's two actions (calc-leads): 'Apply with these numbers' and 'Email me this estimate'. */
export { EstimateActions } from './estimate-actions';
