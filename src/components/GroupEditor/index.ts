export { GroupEditor, type GroupEditorProps } from './GroupEditor.js'
