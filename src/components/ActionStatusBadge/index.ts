export {
  type ActionBadgeStatus,
  ActionStatusBadge,
  type ActionStatusBadgeProps,
} from './ActionStatusBadge.js'
export { summarizeAction } from './summarizeAction.js'
