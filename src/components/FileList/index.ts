export { FileList, type FileListProps } from './FileList.js'
