/** Real public keys (made with ssh-keygen for the demo; the private halves were discarded). */
export const demoKeys = [
  {
    user: 'deploy',
    label: 'Anna Berger (Laptop)',
    publicKey: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIEB70klwxKRTM0chWCy/UehBneUeZOaJx++YSZ+ygEul anna.berger@mueller-schmidt.example',
  },
  {
    user: 'deploy',
    label: 'GitLab CI deploy',
    publicKey:
      'ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBIzGkk+QyYWBUZigV3e1Q2qLGbRvfF1kk+X7SQYEoyrdXu0sTC+A3reGmPZL7JZK95Bp/anX4XdK+75+7VvIly0= gitlab-ci-deploy',
  },
  {
    user: 'developer',
    label: 'Jonas Weber',
    publicKey: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAINZLRdkrYO1JBcC9dJdXnwC3QmD3v0iyF6ZHwaGjWlAi jonas@weber-web',
  },
  {
    user: 'deploy',
    label: 'Backup (Nordlicht)',
    publicKey:
      'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAACAQDrNN/t8O3wshZBGFxYYeq484NVZgCLpMPST39Y7asiD/6Q2+aypuurwQW0CryVANGVkOnxGI936An6nN9W2kWD79fnNN1fg3baQkmyjx8GxgVeCHOA1GwhN/8x2w3wktB06ywizjVCmCiQQMSQOZeR6QyHi3ynVwsg35LMWZ5D/rj+KUOtmrczPN5E/A5IvJ1DXlCUufirS8MbTiW39e19SQ6MZ02Jrp1KavkksFBRuwfZ4Te05MuXEe4aCp1G6NztIMm4kKgjl9HVjbbuoU9FUhLTmrYB80+QAILSgU7G3SQS8tFFGkbwG/QltwlpyoGtIfU5dJ4dGJ3TIe7izMJpWqOn8RuaVYpPxkn8GIDpk8sKOnij1rvkFZfPoa0iMc9GpfIcLFobAtQheDuHB50XlDcBowZtJJlTpDf24tu823dsJGsj8GoeClrjvaEatX0Sy7HcDDx7enJEv7ZyIJyEb5CSqRDJq9sFaSVovePeG8aHjKnPGeq+kxL21s5TO7hKcxOZuQvVzUTbd61IMmJZmm5Lc4t3JqmAWzew4OLLBwJatnEc3yhArXdBZ5pdlwEqLUKIUMXRl4mBTp+gnuEX+Yj65HrSyteyWFqd5XAKwmbu/DC59bZiVGBmlCwQ9WPAQ655qEoJgAUTA/OeF7LC2teCd525ScnNztsAUlJ2FQ== backup@nordlicht',
  },
] as const;
