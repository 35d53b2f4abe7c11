// Dice box for an Arduino Uno or Nano: the same device as hardware/firmware/pico/main.py, speaking serial
// dice protocol v1 (hardware/serial-protocol.md) over the board's USB serial port at 115200 baud.
//
// One throw button per die and a "throw all" button, wired from the pin to GND (the internal pull-ups are
// used). Each throw is sent twice as a ROLL line; a BEAT line goes out every second with the seq of the last
// roll; HELLO is sent at start and whenever the app sends HELLO?; READY 1 / READY 0 light or darken the ready
// lamp. Anything else from the app is ignored. Wiring: hardware/wiring.md, "Arduino variant".
//
// An Uno or Nano restarts when the app opens its port (the DTR line resets it) and its bootloader waits about
// a second before this sketch starts; the sketch then says HELLO by itself, so the app still hears it.

// ---- Settings: change these for your box --------------------------------------------------------------
const char NAME[] = "dicebox";  // shown by the app; 1 to 24 letters, digits, '_', '.' or '-'
const uint8_t DICE = 2;         // two ordinary six-sided dice (the classic editions)
const char *const COLOURS[DICE] = {"", ""};
const uint8_t LOWEST[DICE] = {1, 1};
const uint8_t HIGHEST[DICE] = {6, 6};
// The Mandalorian:  COLOURS = {"silver", "green"}, LOWEST = {1, 1}, HIGHEST = {6, 3}
// MONOPOLY GO! (DICE = 4, and four throw pins and pip groups): COLOURS = {"red", "yellow", "green", "blue"}
const uint8_t THROW_PINS[DICE] = {2, 3};  // one button per die, in the order above
const uint8_t THROW_ALL_PIN = 4;
const bool SHOW_PIPS = true;  // false when no pip lamps are fitted
// Pip lamps per die: centre, diagonal pair, other diagonal pair, middle pair.
const uint8_t PIP_PINS[DICE][4] = {{5, 6, 7, 8}, {9, 10, 11, 12}};
const uint8_t READY_PIN = A1;           // lit while the app wants a roll
const uint8_t STATUS_PIN = LED_BUILTIN;  // flashes with each heartbeat (D13)
const uint8_t NOISE_PIN = A0;           // leave unconnected: its noise seeds the random numbers
const unsigned long BAUDRATE = 115200;
const unsigned long BEAT_MS = 1000;
const unsigned long STATUS_BLINK_MS = 40;
const unsigned long DEBOUNCE_MS = 30;
// --------------------------------------------------------------------------------------------------------

const uint8_t MAX_LINE = 96;  // bytes before the newline, as the app counts them
const uint16_t MAX_SEQ = 65535;
const uint8_t BUTTONS = DICE + 1;  // the throw buttons, then "throw all"
// Which pip groups are lit for the values 1 to 6 (bit 0 centre, bit 1 diagonal, bit 2 other diagonal,
// bit 3 middle pair).
const uint8_t PIP_GROUPS[7] = {0x0, 0x1, 0x2, 0x3, 0x6, 0x7, 0xE};

uint16_t seq = 0;  // the last roll sent; 0 before the first
char inbox[MAX_LINE + 1];
uint8_t inboxLength = 0;
bool inboxOverflow = false;
bool buttonDown[BUTTONS];
bool buttonSeen[BUTTONS];
unsigned long lastEdge[BUTTONS];
unsigned long lastBeat = 0;

uint8_t checksum(const char *body) {
  uint8_t value = 0;
  for (const char *c = body; *c; c++) {
    value ^= (uint8_t)*c;
  }
  return value;
}

// Sends BODY*HH and a newline.
void sendLine(const char *body) {
  static const char HEX_DIGITS[] = "0123456789ABCDEF";
  uint8_t sum = checksum(body);
  Serial.print(body);
  Serial.write('*');
  Serial.write(HEX_DIGITS[sum >> 4]);
  Serial.write(HEX_DIGITS[sum & 0xF]);
  Serial.write('\n');
}

void sendHello() {
  char body[MAX_LINE + 1];
  int length = snprintf(body, sizeof body, "HELLO 1 %s ", NAME);
  for (uint8_t i = 0; i < DICE && length < (int)sizeof body; i++) {
    length += snprintf(body + length, sizeof body - length, "%s%s%s%u-%u", i ? "," : "", COLOURS[i],
                       COLOURS[i][0] ? ":" : "", LOWEST[i], HIGHEST[i]);
  }
  sendLine(body);
}

void sendBeat() {
  char body[16];
  snprintf(body, sizeof body, "BEAT %u", seq);
  sendLine(body);
}

// A value from LOWEST to HIGHEST of die i, each equally likely.
uint8_t rollDie(uint8_t i) {
  return (uint8_t)random(LOWEST[i], (long)HIGHEST[i] + 1);
}

void showPips(uint8_t die, int value) {
  uint8_t groups = (value >= 1 && value <= 6) ? PIP_GROUPS[value] : 0;
  for (uint8_t g = 0; g < 4; g++) {
    digitalWrite(PIP_PINS[die][g], (groups >> g) & 1 ? HIGH : LOW);
  }
}

// Throws the dice whose flag is set, sends the ROLL line twice and shows the values.
void throwDice(const bool thrown[DICE]) {
  // The moment of the press, to the microsecond, is stirred into the generator: a person's timing is
  // random enough that two boxes started together never throw alike.
  randomSeed(random(1, 0x7FFFFFFFL) ^ micros());
  seq = seq >= MAX_SEQ ? 1 : seq + 1;
  char body[MAX_LINE + 1];
  int length = snprintf(body, sizeof body, "ROLL %u ", seq);
  for (uint8_t i = 0; i < DICE; i++) {
    int value = thrown[i] ? rollDie(i) : 0;
    if (thrown[i]) {
      length += snprintf(body + length, sizeof body - length, "%s%d", i ? "," : "", value);
    } else {
      length += snprintf(body + length, sizeof body - length, "%s-", i ? "," : "");
    }
    if (SHOW_PIPS) {
      showPips(i, value);
    }
  }
  sendLine(body);
  sendLine(body);  // the copy: the app ignores a repeated seq, and a lost line is covered
}

// True when button n has just closed after DEBOUNCE_MS of quiet: the first edge of a bounce train counts,
// the rest do not, and a held button gives one press.
bool pressed(uint8_t n, bool down, unsigned long now) {
  if (down == buttonDown[n]) {
    return false;
  }
  bool quiet = !buttonSeen[n] || now - lastEdge[n] >= DEBOUNCE_MS;
  buttonDown[n] = down;
  buttonSeen[n] = true;
  lastEdge[n] = now;
  return down && quiet;
}

int hexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

// One line from the app, without its newline: HELLO?, READY 1 or READY 0 with a good checksum; anything
// else is ignored.
void handleLine(char *line, uint8_t length) {
  if (length > 0 && line[length - 1] == '\r') {
    line[--length] = '\0';
  }
  if (length < 3 || line[length - 3] != '*') {
    return;
  }
  int high = hexDigit(line[length - 2]);
  int low = hexDigit(line[length - 1]);
  line[length - 3] = '\0';
  if (high < 0 || low < 0 || (uint8_t)(high * 16 + low) != checksum(line)) {
    return;
  }
  if (strcmp(line, "HELLO?") == 0) {
    sendHello();
  } else if (strcmp(line, "READY 1") == 0) {
    digitalWrite(READY_PIN, HIGH);
  } else if (strcmp(line, "READY 0") == 0) {
    digitalWrite(READY_PIN, LOW);
  }
}

// Collects the app's bytes into lines; a line longer than MAX_LINE is dropped up to its newline.
void readHost() {
  while (Serial.available() > 0) {
    char c = (char)Serial.read();
    if (c == '\n') {
      if (!inboxOverflow) {
        inbox[inboxLength] = '\0';
        handleLine(inbox, inboxLength);
      }
      inboxLength = 0;
      inboxOverflow = false;
    } else if (inboxLength >= MAX_LINE) {
      inboxOverflow = true;
    } else {
      inbox[inboxLength++] = c;
    }
  }
}

// 32 readings of an unconnected analog pin, one noisy low bit from each.
unsigned long noiseSeed() {
  unsigned long seed = 0;
  for (uint8_t i = 0; i < 32; i++) {
    seed = (seed << 1) | (analogRead(NOISE_PIN) & 1);
    delayMicroseconds(200);
  }
  return seed ^ micros();
}

void setup() {
  Serial.begin(BAUDRATE);
  for (uint8_t i = 0; i < DICE; i++) {
    pinMode(THROW_PINS[i], INPUT_PULLUP);
    for (uint8_t g = 0; g < 4 && SHOW_PIPS; g++) {
      pinMode(PIP_PINS[i][g], OUTPUT);
      digitalWrite(PIP_PINS[i][g], LOW);
    }
  }
  pinMode(THROW_ALL_PIN, INPUT_PULLUP);
  pinMode(READY_PIN, OUTPUT);
  pinMode(STATUS_PIN, OUTPUT);
  randomSeed(noiseSeed());
  sendHello();
  lastBeat = millis();
}

void loop() {
  unsigned long now = millis();
  readHost();
  bool thrown[DICE];
  bool any = false;
  bool all = pressed(DICE, digitalRead(THROW_ALL_PIN) == LOW, now);
  for (uint8_t i = 0; i < DICE; i++) {
    thrown[i] = pressed(i, digitalRead(THROW_PINS[i]) == LOW, now) || all;
    any = any || thrown[i];
  }
  if (any) {
    throwDice(thrown);
  }
  unsigned long since = now - lastBeat;
  if (since >= BEAT_MS) {
    sendBeat();
    lastBeat = now;
    digitalWrite(STATUS_PIN, HIGH);
  } else if (since >= STATUS_BLINK_MS) {
    digitalWrite(STATUS_PIN, LOW);
  }
  delay(1);
}
