/** Public keys made with ssh-keygen for the tests (their private halves were discarded). */
export const testKeys = {
  ed25519: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJvykQldt/OH2qYmTE/DiCo9vlVvnkn6YiFYVafLUw3p test@ed25519',
  ecdsab256:
    'ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBKwWKl1jpBnnC1ykMHRUvTkH/S9Eja00P6zqGqynmgjwNCh5ejgr20goMXYDogu2P3SU3MGylJivojgZyuSPAow= test@ecdsab256',
  ecdsab384:
    'ecdsa-sha2-nistp384 AAAAE2VjZHNhLXNoYTItbmlzdHAzODQAAAAIbmlzdHAzODQAAABhBHtRpLVMzIzWyIEyiPaoeXa2u3s/hMrpxeCGMd9Jp17NOet/LtrchsmhRcmu2TVhXc7WRbasApe/GhqNo26IrGmFGsBq1IerQzqpiFV3KJi2j5WCabZHl54z6NGcnY8g1w== test@ecdsab384',
  ecdsab521:
    'ecdsa-sha2-nistp521 AAAAE2VjZHNhLXNoYTItbmlzdHA1MjEAAAAIbmlzdHA1MjEAAACFBAF0d0okPgA/oVPPzXspviGimJN+g4lPEd1FUxQMAe1+SgYzzaE9szr6hanIxMUX6XgA49mYKFupclM2nqQHuWlgSQFeMqVgPQVVqwwon2YQAaRyPI5DT5jBKt1IIa22aCz3iFltLrob0A3GiIC+2nIWxBdFWYtQ9OWjBppigoCkVHSB1Q== test@ecdsab521',
  rsab2048:
    'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQCZg3w4MKDz9FmMGmeJYE32lmE80CBLxiwx3q8uZL3kNmsdagQ1ruw4juu+sYrNPz6COAuP9u0tGMOMzLBXHfshYh3esGMk5teCnMST3pv3gGON7ryBOJNJ4tuKmoyzEOm4KDV5r+2NDN6ZHVYmn27d602GJQxQogqGl8sZadern4+v13JiUPZsswRqSezgEqTPmH7eutz1lvOcg37mQEvllCxmC9N1xGaq0TSYhQ1IeWD1BGn7JRt9r5VKDe2/rbsxkeGpOIwffnSpALnO4J5+wPos+90+56mjr/TKz/FuKk+Zfvh8XPXmkKhxa0xSkXMnh2cM36taoJse623alkVP test@rsab2048',
  rsab3072:
    'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQC7FPfqKWP638GV/QXb81AQlc+GIb9aukI0wIMnQA9miA52BhwNmF11CUhC7qMaQTnM+aMb+mubN4rlwfhRoqhDbsxnUg8cPdzI7d2FJqYhUCdTBp2RU4nxgtt7sHXnqIy6EN58sG21zl9bDgGnGGqK6Ry3ZaprbR8vKL+J2RnVIzsvrh9f+NSchHxu60DfQ1jesjS+cl67rR05dP4KxvbzAbIpE7cPQ17StHDjFNHqqX00g2/fbbITDdJ4CaudL6mJ/OOvMm9CYk8hJXotajKO7o7ZRzVeR3jojYEmv9+h7s7GXA2YRJ2WqPXEbdWycbTt4rnkFZuJtHCzUkKG7znUgy9AAvQxY+bn+CN1eWtYb+VYtf15kE0cgZddJyd57owjCm+BXAkjcXuGHxQOu4w28VddSRHovP9DLyhpqNlOGEpXDBQfZDY3pwH/sGgNXL/nxl2R/7GRw7l7dTV7ry+ZLIDmQlGa3xWDtKmOBFNbZVFX/LQZk1rjdD504buQtXc= test@rsab3072',
  rsab4096:
    'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAACAQDYd3oWFsvKyS2pF/8Ra9gITsCBlqJdO0w5KANbtD7CF9vfPNsrZNePzpSnzVKD9SDiF7sXAbYi+ox0t++YG8Ag06U+Ha5P3dQzmP/ZTaxWM3yVNWtU9m0dDyonPpFffO37x/P+NAEHHgrGriVWh0cXPV7snH19UZ6ERBe5nYqcUxTdKh0L+JZnGi/WbI0wW9qU6cUrA51O3+lMTNDdDqSkn/RHetg0IWDs5mOuiHxApRErq9XxeK9/Ul2eo4o9l+obTAZIEK5xcb31sfV/vNStuSCx6N6AA28nDe2tmZIHHkWRWCIEE34c3ro88c53PIcK8dvQA5VbDSCjpWfHUg+MI8JkrHYAhAEfZaDo/S1d1EemlvNm1XbZtc91syv+BvIRhjSsfGXg2Ws9s8ezwP85fx3BBzWEe9UXSkFoKRoDFqMDTOlGTZtCscHhV9Mi4Ic2AXfZoQjT03962Kc9752IcnWnUE2Wpy4P2bwMILQ1t8bhy6v8lWkWEsnY0XQxi7WFB/A6cf/Q3fYulGWFr+wHJkENaGnOJhjx7BRNyyI3bMs0NvSxc1774OFIcaPx6XlsWNeksayb67yLjW5Uph64AJz9/W9Uw12WohipG1ZHPmtowyLi+3DxkIuPo5zlMOEUSsteQilfg2+goxNogXcMlr9HE/gVE29eCPc2G2IIew== test@rsab4096',
  sk: 'sk-ssh-ed25519@openssh.com AAAAGnNrLXNzaC1lZDI1NTE5QG9wZW5zc2guY29tAAAAIAcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHAAAABHNzaDo= yubikey',
  dsa: 'ssh-dss AAAAB3NzaC1kc3MAAACBAK17e8q8pjjA7SsYYu2FNhrcy6rbRx/8PNSF349aTOz89Mlz7Fg5bWSXZfvKn5oNz5LKzcFSUqmU5ssslFNCSmg5CuC8Cc6ml0EFEVaikOMkH1dvGvQvyONBgiF3DHmT+pwukTESwYFdcccRCp+vIShtmUpCnj7iGTbfbjpu6pUbAAAAFQDGllN4AAwDsrBpCPq4/6h8a/ETbwAAAIB+kSzcNC0AfDuSGpa2FMHHLT9yfdrybqDz0gGsvYjLaoeug3nxOlj2gWRg9kzuPhaN9FrwfBJ8GxY7rpzvUvixmAUw7ylvryM08LbSoQIF8eFXMbPSAG7+p9K4rfGNRLwtKM2TmrR3wIHdgUvFN3cHIrNKebhw5CmceEc3sp8HNAAAAIEAiSgr1e+d0QfvTVSSx4b9Q55aNmyw1V3/R0fVFUBKPPd2s/DLv4UqqyiYjUen1xbng8jlRa/tPx2jX3EVTrwpjkNm2OF/d8g+aFgQjInmj3rzpUsR+uCAlgNoWqtUtYccB6Jdq00QYeUta+rGb+RIKNYp9vVkydBYBWajsfVMw64= test@dsa',
} as const;

/** ssh-keygen -l of each (bits and SHA256 fingerprint). */
export const testFingerprints = {
  ed25519: { bits: 256, fingerprint: 'SHA256:CqFkhh+TiY8O3WaYlpxYWyVkRnTiOBAE77DPR3uk85Y' },
  ecdsab256: { bits: 256, fingerprint: 'SHA256:UYuP5Y6HUnw/0khnoKXwLLM5e81vFrxpD7Vq6THBmnQ' },
  ecdsab384: { bits: 384, fingerprint: 'SHA256:SZ3yfM8R8TCebNUeFeQOVIyWpGvFuccW3ge/N3JBYLo' },
  ecdsab521: { bits: 521, fingerprint: 'SHA256:Ai+Ofk0mDqfz/NXyFGRD0RkH1yhomcchm9LdGJEP7o8' },
  rsab2048: { bits: 2048, fingerprint: 'SHA256:GKd+a5siPcYwmYr7LPHXAK69O2wpy6hUl37e+Ypt4+0' },
  rsab3072: { bits: 3072, fingerprint: 'SHA256:5MQPL5wBhPU2GO3rNLY66N009w0/CI2ZK+HpI1vYK/U' },
  rsab4096: { bits: 4096, fingerprint: 'SHA256:TeHL4JhFwz+msafzNLzuC1x/sLyOm0ZWyp2iXLmDDIk' },
} as const;
