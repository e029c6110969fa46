import { expectTypeOf, test } from 'vitest'
import type { ConversionKind } from '../../src/api/types.js'
import {
  parseRecipe,
  type Recipe,
  type RecipeArgSpec,
  type RecipeIssueKey,
  recipeOperations,
  validateRecipe,
} from '../../src/recipe/index.js'

test('parseRecipe keeps the kind in the recipe type', () => {
  expectTypeOf(parseRecipe('video', '').recipe).toEqualTypeOf<Recipe<'video'>>()
  expectTypeOf(parseRecipe('video', '').recipe.kind).toEqualTypeOf<'video'>()
  expectTypeOf<Recipe<'image'>>().toMatchTypeOf<Recipe>()
})

test('the catalogue is read-only and its argument specs are discriminated by type', () => {
  expectTypeOf(recipeOperations).toEqualTypeOf<
    Readonly<Record<ConversionKind, readonly import('../../src/recipe/index.js').RecipeOperationSpec[]>>
  >()
  expectTypeOf<Extract<RecipeArgSpec, { type: 'integer' }>['min']>().toEqualTypeOf<number>()
  expectTypeOf<Extract<RecipeArgSpec, { type: 'enum' }>['values']>().toEqualTypeOf<readonly string[]>()
  expectTypeOf(validateRecipe).returns.items.toHaveProperty('key').toEqualTypeOf<RecipeIssueKey>()
})
