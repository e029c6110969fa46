export { GroupList, type GroupListProps } from './GroupList.js'
