declare const __FILEKIT_URL__: string
declare const __FILEKIT_PROJECT__: string
declare module '*.css'
