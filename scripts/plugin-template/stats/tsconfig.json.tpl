{
  "extends": "../../tsconfig.json",
  "include": ["**/*.ts", "**/*.tsx"]
}
