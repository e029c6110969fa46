export { RecipeBuilder, type RecipeBuilderProps } from './RecipeBuilder.js'
