export { FileUploader, type FileUploaderProps, type UploadItem, type UploadStatus } from './FileUploader.js'
