// The most common passwords, as seen in public breach lists, lowercased: a new password that is one
// of them is refused (checked case-insensitively, so "Password1" too). Short on purpose — the few
// hundred that guessing tools try first — so the same check runs in the browser and on the server
// (storefront registration, reset and change; the console's setup) without a download.

const LIST = `
123456 123456789 12345678 1234567890 password qwerty 111111 123123 abc123 1234567 password1 12345
iloveyou 000000 qwerty123 1q2w3e4r 1qaz2wsx dragon sunshine princess letmein 654321 monkey 27653
qwertyuiop 123321 666666 football baseball welcome master shadow michael superman batman trustno1
whatever freedom starwars passw0rd p@ssw0rd p@ssword pa55word pa55w0rd password12 password123
password1234 password12345 passwordpassword password01 password2 password3 password11 password99
password! password1! p4ssw0rd passw0rd1 p@ssw0rd1 p@ssword1 p@55w0rd qwerty1 qwerty12 qwerty1234
qwerty12345 qwerty123456 qwertyui qwertyuiop1 qwertyuiop123 qwert123 qwer1234 qweasd qweasd123
qweasdzxc qweasdzxc123 qazwsx qazwsx123 qazwsxedc qazwsxedc123 1qaz2wsx3edc 1qazxsw2 zaq12wsx
zaq1zaq1 zaq1xsw2 1qaz1qaz 12qwaszx q1w2e3r4 q1w2e3r4t5 q1w2e3r4t5y6 1q2w3e 1q2w3e4r5t 1q2w3e4r5t6y
1q2w3e4r5t6y7u8i 123qwe 123qwe123 123qweasd 123qweasdzxc 1234qwer 1234qwerty 12345qwert 12345qwerty
abc12345 abc123456 abcd1234 abcd12345 abcdef123 abcdefg1 abcdefgh abcdefgh1 abcdefghijkl 123abc
123abc123 12345abc 1234abcd a1b2c3 a1b2c3d4 a1b2c3d4e5 a123456 a1234567 a12345678 a123456789
aa123456 aa12345678 aaa111 aaaaaa aaaaaaaa asd123 asd12345 asdf1234 asdfgh asdfgh123 asdfghjk
asdfghjkl asdfghjkl1 asdasd asdasd123 zxcvbnm zxcvbnm1 zxcvbnm123 zxcv1234 zxc123 zxcvbn 1a2b3c4d
123456a 123456ab 123456abc 1password iloveyou1 iloveyou2 iloveyou12 iloveyou123 iloveu iloveu123
iloveyou! loveyou1 love1234 lovely123 loveme1 loveme123 mylove1 fuckyou1 letmein1 letmein12
letmein123 letmein! welcome1 welcome12 welcome123 welcome2 welcome! welcome01 trustno1! changeme
changeme1 changeme123 secret1 secret123 default1 default123 guest123 user1234 login123 pass1234
pass12345 pass123 mypassword mypassword1 newpassword newpassword1 admin admin1 admin12 admin123
admin1234 admin12345 administrator administrator1 root123 root1234 toor1234 test1234 test12345
test123456 testing1 testing123 tester123 hello123 hello1234 hello12345 helloworld helloworld1
google123 samsung1 samsung123 apple123 iphone123 facebook1 computer1 internet1 monkey1 monkey12
monkey123 dragon1 dragon12 dragon123 master1 master12 master123 shadow1 shadow12 shadow123
sunshine1 sunshine12 sunshine123 princess1 princess12 princess123 football1 football12 football123
baseball1 baseball12 baseball123 soccer12 soccer123 hockey123 basketball basketball1 superman1
superman123 batman1 batman123 spiderman spiderman1 starwars1 starwars123 pokemon1 pokemon123
naruto123 charlie1 charlie123 michael1 michael123 jennifer1 jordan23 jordan123 hunter123 killer123
tigger123 freedom1 freedom123 whatever1 jessica1 ashley123 daniel123 thomas123 andrew123 matthew1
robert123 joshua123 william1 chocolate chocolate1 cookie123 buster123 pepper123 ginger123 maggie123
bailey123 lucky123 flower123 angel123 babygirl1 butterfly1 purple123 summer123 winter123 spring123
autumn123 summer2020 summer2021 summer2022 summer2023 summer2024 summer2025 winter2020 winter2021
winter2022 winter2023 winter2024 winter2025 spring2023 spring2024 spring2025 autumn2023 autumn2024
autumn2025 fall2024 january1 february1 march2024 april2024 may2024 june2024 password2020
password2021 password2022 password2023 password2024 password2025 welcome2023 welcome2024
welcome2025 qwerty2024 qwerty2025 monday123 friday123 secret2024 letmein2024 passpass passpass1
pass1word pass@123 pass@word1 admin@123 welcome@123 password@123 p@ssw0rd123 qwerty@123 abc@123
test@123 india123 america1 usa12345 newyork1 chicago1 london123 london12 california1 texas123
florida1 dallas123 mustang1 mustang123 harley123 ranger123 corvette1 ferrari1 porsche1 mercedes1
yankees1 yankees123 cowboys1 lakers24 eagles123 steelers1 packers1 redsox123 patriots1 chelsea1
arsenal1 liverpool1 liverpool123 manchester1 barcelona1 realmadrid juventus1 qwerty11 zxcvbnm12
11111111 111111111 1111111111 00000000 0000000000 12121212 11223344 112233 121212 123123123
12341234 1234512345 123654789 147258369 159753 159357 741852963 987654321 9876543210 88888888
99999999 66666666 55555555 22222222 77777777 1234554321 1122334455 0987654321 1029384756 thx1138
ncc1701 ncc1701d 8675309 5201314 woaini1314 dog12345 cat12345 puppy123 doggy123 kitty123 kitten123
fluffy123 pets1234 dogfood1 catfood1 petfood1 ilovemydog ilovemycat dogs1234 cats1234 blink182
metallica1 slipknot1 eminem123 rockstar1 rockyou1 rockyou123 myspace1 friends1 friends123 family1
family123 forever1 forever123 jesus123 jesus1 christ123 blessed1 blessed123 god12345 angel1 angels1
precious1 beautiful1 sweetheart1 sweetie1 iloveyou4ever loveyou123 baby1234 babygirl123 princess01
superstar1 goodluck1 whatever123 access123 access14 letmein01 open1234 opensesame opensesame1
secure123 security1 private1 privacy1 computer123 internet123 windows1 windows10 microsoft1
linux123 ubuntu123 oracle123 mysql123 postgres1 server123 database1 sql12345 shopify1 shopping1
customer1 petshop1 correcthorsebatterystaple trustme1 iamthebest yourmom1 asdf123 asdf12345
asdfasdf asdfasdf1 qwerasdf qwerasdf1 zxcasdqwe123 1qazzaq1
`;

const COMMON = new Set(LIST.split(/\s+/).filter(Boolean));

export const COMMON_PASSWORD_MESSAGE = "This password is too common. Choose one that is harder to guess.";

/** Whether `password` is one of the most common passwords (ignoring case and surrounding spaces). */
export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.trim().toLowerCase());
}
